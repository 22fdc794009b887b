import { IonButton, IonSpinner } from '@ionic/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { useLastPageWhenPastTheEnd } from '../../../lib/use-last-page';
import { useListUrl, type ShowHow } from '../../../lib/use-list-url';
import { useTeachers } from '../api/get-teachers';
import { ListPager } from '../../../components/ui/list-pager';
import { TeacherFilters } from './teacher-filters';
import { sortedTeachers, teacherListFromSearch, teacherListParams, teacherListRequest, teacherOrder, withTeacherFilters, type TeacherListState } from './teacher-list-url';
import { TeacherTable } from './teacher-table';
import '../../../components/ui/person-record.css';
import './teachers.css';

/**
 * /teachers: the admin's teacher list, 100 a page, sorted by a column header. Filters (Active by
 * default), page and order live in the address (teacher-list-url.ts), and the request is made from
 * the address alone, so an older, slower answer never shows over a newer one.
 */
export function TeacherListPage() {
  const { search, show } = useListUrl('/teachers');
  const state = useMemo(() => teacherListFromSearch(search), [search]);
  const go = (next: TeacherListState, how?: ShowHow) => show(teacherListParams(next), how);
  const teachers = useTeachers(teacherListRequest(state));
  const navigate = useNavigate();
  const toPage = (page: number) => go({ ...state, page });
  useLastPageWhenPastTheEnd(teachers, state, (last) => show(teacherListParams(last), { replace: true }));

  const data = teachers.data;
  return (
    <SignedInPage title="Teachers">
      <section className="people-list">
        <TeacherFilters
          filters={state.filters}
          onChange={(changes, how) => go(withTeacherFilters(state, changes), how)}
          onReset={() => go(teacherListFromSearch(''))}
        />
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
            <TeacherTable teachers={data.teachers} onOpen={(id) => navigate(`/teachersForm/${id}`)} order={teacherOrder(state)} onSort={(key) => go(sortedTeachers(state, key))} busy={teachers.isPlaceholderData} />
            <ListPager page={data.page} pageSize={data.pageSize} total={data.total} onPage={toPage} />
          </>
        )}
      </section>
    </SignedInPage>
  );
}
