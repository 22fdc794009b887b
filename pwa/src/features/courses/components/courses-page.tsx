import { IonButton, IonSpinner } from '@ionic/react';
import type { CourseListItem } from '@rollbook/shared-types/courses';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { errorMessage } from '../../scheduling-lookups/components/field-errors';
import { usePageSearch } from '../../scheduling-lookups/components/use-page-search';
import { useCourses } from '../api/get-courses';
import { courseFilterFromSearch, courseListQuery, courseListTitle, type CourseFilter } from './course-filter';
import { CourseFilters } from './course-filters';
import { CoursesTable, type CountKind } from './courses-table';
import { StudentsOnCourseModal } from './students-on-course-modal';
import '../../scheduling-lookups/components/scheduling.css';

/** /courses: courses by filter, titled by the filter it was opened with (spec §2.2). */
export default function CoursesPage() {
  const navigate = useNavigate();
  const search = usePageSearch('/courses');
  // A new query string (another dashboard tile) starts from its own filter.
  const [state, setState] = useState(() => ({ search, filter: courseFilterFromSearch(search) }));
  if (state.search !== search) setState({ search, filter: courseFilterFromSearch(search) });
  const filter = state.search === search ? state.filter : courseFilterFromSearch(search);
  const setFilter = (next: CourseFilter) => setState({ search, filter: next });

  const [students, setStudents] = useState<{ course: CourseListItem; statusId: CountKind } | null>(null);
  const courses = useCourses(courseListQuery(filter));

  const reset = () => {
    setFilter(courseFilterFromSearch(''));
    if (search) navigate('/courses', { replace: true });
  };

  return (
    <SignedInPage title={courseListTitle(filter)}>
      <div className="sched-toolbar">
        <h2>{courses.data ? `${courses.data.total} found` : ''}</h2>
        <IonButton onClick={() => navigate('/coursesForm')}>ADD COURSE</IonButton>
      </div>
      <CourseFilters filter={filter} onChange={setFilter} onReset={reset} />
      {courses.isPending && <IonSpinner aria-label="Loading courses" />}
      {courses.isError && <p className="sched-inline-error" role="alert">{errorMessage(courses.error)}</p>}
      {courses.data && <CoursesTable courses={courses.data.courses} showDiscrepancy={filter.showClassCountErrors} onOpenStudents={(course, statusId) => setStudents({ course, statusId })} />}
      {students && (
        <StudentsOnCourseModal
          key={`${students.course.courseId}-${students.statusId}`}
          course={students.course}
          statusId={students.statusId}
          onDismissed={() => setStudents(null)}
        />
      )}
    </SignedInPage>
  );
}
