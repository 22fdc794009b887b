import { IonButton, IonSpinner } from '@ionic/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { useLastPageWhenPastTheEnd } from '../../../lib/use-last-page';
import { useListUrl, type ShowHow } from '../../../lib/use-list-url';
import { useStudents } from '../api/get-students';
import { ListPager } from '../../../components/ui/list-pager';
import { StudentFilters } from './student-filters';
import { studentListFromSearch, studentListParams, studentListRequest, studentOrder, sortedStudents, withStudentFilters, type StudentListState } from './student-list-url';
import { StudentTable } from './student-table';
import '../../../components/ui/person-record.css';

/**
 * /students (also /Memberships): the admin's student list, 100 a page, sorted by a column header.
 * Filters, page and order live in the address (student-list-url.ts), and the request is made from
 * the address alone: its query key is the address, so an older, slower answer never shows over a
 * newer one.
 */
export function StudentListPage({ path = '/students' }: { path?: string }) {
  const { search, show } = useListUrl(path);
  const state = useMemo(() => studentListFromSearch(search), [search]);
  const go = (next: StudentListState, how?: ShowHow) => show(studentListParams(next), how);
  const students = useStudents(studentListRequest(state));
  const navigate = useNavigate();
  const toPage = (page: number) => go({ ...state, page });
  useLastPageWhenPastTheEnd(students, state, (last) => show(studentListParams(last), { replace: true }));

  const data = students.data;
  return (
    <SignedInPage title="Students">
      <section className="people-list">
        <StudentFilters
          filters={state.filters}
          onChange={(changes, how) => go(withStudentFilters(state, changes), how)}
          onReset={() => go(studentListFromSearch(''))}
        />
        <div className="people-list__header">
          <h2 className="people-list__heading">Students - {data?.total ?? 0} found</h2>
          <div className="people-list__actions">
            <IonButton fill="outline" routerLink="/import/students">IMPORT</IonButton>
            <IonButton routerLink="/studentsForm">ADD STUDENT</IonButton>
          </div>
        </div>
        {students.isPending && <IonSpinner aria-label="Loading students" />}
        {students.isError && <p role="alert">{students.error.message}</p>}
        {data && data.students.length === 0 && <p className="people-empty">No students currently</p>}
        {data && data.students.length > 0 && (
          <>
            <StudentTable students={data.students} onOpen={(id) => navigate(`/studentsForm/${id}`)} order={studentOrder(state)} onSort={(key) => go(sortedStudents(state, key))} busy={students.isPlaceholderData} />
            <ListPager page={data.page} pageSize={data.pageSize} total={data.total} onPage={toPage} />
          </>
        )}
      </section>
    </SignedInPage>
  );
}
