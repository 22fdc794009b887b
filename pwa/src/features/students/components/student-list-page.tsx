import { IonButton, IonSpinner } from '@ionic/react';
import { PEOPLE_DEFAULT_SORT, PEOPLE_SORT_NATURAL_DIR } from '@rollbook/shared-types/people';
import { STUDENT_PAGE_SIZE, STUDENT_SORT_KEYS, type StudentSortKey } from '@rollbook/shared-types/students';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { useLastPageWhenPastTheEnd } from '../../../lib/use-last-page';
import { useListPageUrl, type ListPageUrlDefaults } from '../../../lib/use-list-page-url';
import { useStudents, type StudentFilters as Filters } from '../api/get-students';
import { ListPager } from '../../../components/ui/list-pager';
import { StudentFilters } from './student-filters';
import { StudentTable } from './student-table';
import '../../../components/ui/person-record.css';

const INITIAL_FILTERS: Filters = { name: '', companyId: -1, statusId: -1 };

/** /students?sort=…&dir=…&page=…: the page and order in the address, the filters on the screen. */
const STUDENT_LIST: ListPageUrlDefaults<StudentSortKey> = {
  sortKeys: STUDENT_SORT_KEYS,
  pageSize: STUDENT_PAGE_SIZE,
  pageSizes: [STUDENT_PAGE_SIZE],
  defaultSort: PEOPLE_DEFAULT_SORT,
  naturalDir: PEOPLE_SORT_NATURAL_DIR,
};

/** /students (also /Memberships): the admin's student list, 100 a page, sorted by a column header. */
export function StudentListPage({ path = '/students' }: { path?: string }) {
  const [filters, setFilters] = useState(INITIAL_FILTERS);
  const list = useListPageUrl(path, STUDENT_LIST);
  const students = useStudents({ ...filters, ...list.request });
  const navigate = useNavigate();
  // Any change of filter starts again at page 1.
  const { toPage } = list;
  const changeFilters = useCallback((changes: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...changes }));
    toPage(1);
  }, [toPage]);
  useLastPageWhenPastTheEnd(students, list.state, (last) => toPage(last.page, { replace: true }));

  const data = students.data;
  return (
    <SignedInPage title="Students">
      <section className="people-list">
        <StudentFilters filters={filters} onChange={changeFilters} />
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
            <StudentTable students={data.students} onOpen={(id) => navigate(`/studentsForm/${id}`)} order={list.order} onSort={list.sortBy} busy={students.isPlaceholderData} />
            <ListPager page={data.page} pageSize={data.pageSize} total={data.total} onPage={toPage} />
          </>
        )}
      </section>
    </SignedInPage>
  );
}
