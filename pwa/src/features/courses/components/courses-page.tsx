import { IonButton, IonSpinner } from '@ionic/react';
import type { CourseListItem } from '@rollbook/shared-types/courses';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { errorMessage } from '../../../components/form-fields/field-errors';
import { ListPageNav } from '../../../components/ui/list-page-nav';
import { useStagedCount } from '../../../lib/use-staged-count';
import { useLastPageWhenPastTheEnd } from '../../../lib/use-last-page';
import { useListUrl, type ShowHow } from '../../../lib/use-list-url';
import { useCourses } from '../api/get-courses';
import { courseListTitle, type CourseFilter } from './course-filter';
import { COURSE_LIST_PAGING, courseListFromSearch, courseListParams, courseListRequest, courseOrder, sortedCourses, withCourseFilter, type CourseListState } from './course-list-url';
import { CourseFilters } from './course-filters';
import { CoursesTable, type CountKind } from './courses-table';
import '../../../components/scheduling/scheduling.css';

// Opened from a count in a row: its modal (Ionic's overlay, the pager) loads on that click, not
// with the list, which shows sooner without it.
const StudentsOnCourseModal = lazy(() => import('./students-on-course-modal').then((m) => ({ default: m.StudentsOnCourseModal })));

/**
 * /courses: one page of courses by filter, titled by the filter it was opened with (spec §2.2).
 * Page, order and filters live in the address (course-list-url.ts), and the request is made from
 * the address alone: its query key is the address, so an older, slower answer never shows over a
 * newer one.
 */
export default function CoursesPage() {
  const navigate = useNavigate();
  const { search, show } = useListUrl('/courses');
  const state = useMemo(() => courseListFromSearch(search), [search]);
  const go = (next: CourseListState, how?: ShowHow) => show(courseListParams(next), how);

  // The filters' six Ionic fields are attached in a task after the page's frame (see the hook), and
  // the table and its pager in a task after them: shown before, they would be pushed down.
  const stage = useStagedCount(2, 0, 1);
  const filtersShown = stage >= 1;
  const tableShown = stage >= 2;
  const [students, setStudents] = useState<{ course: CourseListItem; statusId: CountKind } | null>(null);
  const courses = useCourses(courseListRequest(state));
  const data = courses.data;

  useLastPageWhenPastTheEnd(courses, state, (last) => show(courseListParams(last), { replace: true }));

  const reset = () => go(courseListFromSearch(''));
  const setFilter = (filter: CourseFilter, how?: { typing: boolean }) => go(withCourseFilter(state, filter), how);

  return (
    <SignedInPage title={courseListTitle(state.filter)}>
      <div className="sched-toolbar">
        <h2>{data ? `${data.total} found` : ''}</h2>
        <div>
          <IonButton fill="outline" onClick={() => navigate('/import/courses')}>IMPORT</IonButton>
          <IonButton onClick={() => navigate('/coursesForm')}>ADD COURSE</IonButton>
        </div>
      </div>
      {filtersShown ? <CourseFilters filter={state.filter} onChange={setFilter} onReset={reset} /> : <div className="sched-filters" />}
      {courses.isPending && <IonSpinner aria-label="Loading courses" />}
      {courses.isError && <p className="sched-inline-error" role="alert">{errorMessage(courses.error)}</p>}
      {data && tableShown && (
        <CoursesTable
          courses={data.courses}
          showDiscrepancy={state.filter.showClassCountErrors}
          onOpenStudents={(course, statusId) => setStudents({ course, statusId })}
          order={courseOrder(state)}
          onSort={(key) => go(sortedCourses(state, key))}
          busy={courses.isPlaceholderData}
          after={data.total > 0 && (
            <ListPageNav
              noun="courses"
              page={state.page}
              pageSize={state.pageSize}
              total={data.total}
              pageSizes={COURSE_LIST_PAGING.pageSizes}
              onPage={(page) => go({ ...state, page })}
              onPageSize={(pageSize) => go({ ...state, pageSize, page: 1 })}
            />
          )}
        />
      )}
      {students && (
        <Suspense fallback={null}>
          <StudentsOnCourseModal
            key={`${students.course.courseId}-${students.statusId}`}
            course={students.course}
            statusId={students.statusId}
            onDismissed={() => setStudents(null)}
          />
        </Suspense>
      )}
    </SignedInPage>
  );
}
