import { IonButton, IonSpinner } from '@ionic/react';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { useTeachers, type TeacherFilters as Filters } from '../api/get-teachers';
import { ListPager } from '../../../components/ui/list-pager';
import { TeacherFilters } from './teacher-filters';
import { TeacherTable } from './teacher-table';
import '../../../components/ui/person-record.css';
import './teachers.css';

// Spec: the status filter starts on Active.
const INITIAL_FILTERS: Filters = { searchText: '', status: 1, page: 1 };

/** /teachers: the admin's teacher list, 100 a page. */
export function TeacherListPage() {
  const [filters, setFilters] = useState(INITIAL_FILTERS);
  const teachers = useTeachers(filters);
  const navigate = useNavigate();
  const changeFilters = useCallback((changes: Partial<Filters>) => setFilters((current) => ({ ...current, ...changes, page: 1 })), []);

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
            <TeacherTable teachers={data.teachers} onOpen={(id) => navigate(`/teachersForm/${id}`)} />
            <ListPager page={data.page} pageSize={data.pageSize} total={data.total} onPage={(page) => setFilters((f) => ({ ...f, page }))} />
          </>
        )}
      </section>
    </SignedInPage>
  );
}
