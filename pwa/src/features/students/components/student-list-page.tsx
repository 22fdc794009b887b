import { IonButton, IonSpinner } from '@ionic/react';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { useStudents, type StudentFilters as Filters } from '../api/get-students';
import { ListPager } from '../../../components/ui/list-pager';
import { StudentFilters } from './student-filters';
import { StudentTable } from './student-table';
import '../../../components/ui/person-record.css';

const INITIAL_FILTERS: Filters = { name: '', companyId: -1, statusId: -1, page: 1 };

/** /students (also /Memberships): the admin's student list, 100 a page. */
export function StudentListPage() {
  const [filters, setFilters] = useState(INITIAL_FILTERS);
  const students = useStudents(filters);
  const navigate = useNavigate();
  // Any change of filter starts again at page 1.
  const changeFilters = useCallback((changes: Partial<Filters>) => setFilters((current) => ({ ...current, ...changes, page: 1 })), []);

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
            <StudentTable students={data.students} onOpen={(id) => navigate(`/studentsForm/${id}`)} />
            <ListPager page={data.page} pageSize={data.pageSize} total={data.total} onPage={(page) => setFilters((f) => ({ ...f, page }))} />
          </>
        )}
      </section>
    </SignedInPage>
  );
}
