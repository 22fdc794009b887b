import { IonButton, IonSpinner } from '@ionic/react';
import { PEOPLE_DEFAULT_SORT, PEOPLE_SORT_NATURAL_DIR } from '@rollbook/shared-types/people';
import { TEACHER_PAGE_SIZE, TEACHER_SORT_KEYS, type TeacherSortKey } from '@rollbook/shared-types/teachers';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { useLastPageWhenPastTheEnd } from '../../../lib/use-last-page';
import { useListPageUrl, type ListPageUrlDefaults } from '../../../lib/use-list-page-url';
import { useTeachers, type TeacherFilters as Filters } from '../api/get-teachers';
import { ListPager } from '../../../components/ui/list-pager';
import { TeacherFilters } from './teacher-filters';
import { TeacherTable } from './teacher-table';
import '../../../components/ui/person-record.css';
import './teachers.css';

// Spec: the status filter starts on Active.
const INITIAL_FILTERS: Filters = { searchText: '', status: 1 };

/** /teachers?sort=…&dir=…&page=…: the page and order in the address, the filters on the screen. */
const TEACHER_LIST: ListPageUrlDefaults<TeacherSortKey> = {
  sortKeys: TEACHER_SORT_KEYS,
  pageSize: TEACHER_PAGE_SIZE,
  pageSizes: [TEACHER_PAGE_SIZE],
  defaultSort: PEOPLE_DEFAULT_SORT,
  naturalDir: PEOPLE_SORT_NATURAL_DIR,
};

/** /teachers: the admin's teacher list, 100 a page, sorted by a column header. */
export function TeacherListPage() {
  const [filters, setFilters] = useState(INITIAL_FILTERS);
  const list = useListPageUrl('/teachers', TEACHER_LIST);
  const teachers = useTeachers({ ...filters, ...list.request });
  const navigate = useNavigate();
  // Any change of filter starts again at page 1.
  const { toPage } = list;
  const changeFilters = useCallback((changes: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...changes }));
    toPage(1);
  }, [toPage]);
  useLastPageWhenPastTheEnd(teachers, list.state, (last) => toPage(last.page, { replace: true }));

  const data = teachers.data;
  return (
    <SignedInPage title="Teachers">
      <section className="people-list">
        <TeacherFilters filters={filters} onChange={changeFilters} />
        <div className="people-list__header">
          <h2 className="people-list__heading">Teachers - {data?.total ?? 0} found</h2>
          <div className="people-list__actions">
            <IonButton fill="outline" routerLink="/import/teachers">IMPORT</IonButton>
            <IonButton routerLink="/teachersForm">ADD TEACHER</IonButton>
          </div>
        </div>
        {teachers.isPending && <IonSpinner aria-label="Loading teachers" />}
        {teachers.isError && <p role="alert">{teachers.error.message}</p>}
        {data && data.teachers.length === 0 && <p className="people-empty">No teachers currently</p>}
        {data && data.teachers.length > 0 && (
          <>
            <TeacherTable teachers={data.teachers} onOpen={(id) => navigate(`/teachersForm/${id}`)} order={list.order} onSort={list.sortBy} busy={teachers.isPlaceholderData} />
            <ListPager page={data.page} pageSize={data.pageSize} total={data.total} onPage={toPage} />
          </>
        )}
      </section>
    </SignedInPage>
  );
}
