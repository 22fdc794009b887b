import { IonSpinner } from '@ionic/react';
import type { ClassItem } from '@rollbook/shared-types/classes';
import { useState } from 'react';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { AttendanceModal, type AttendanceTarget } from '../../attendance/components/attendance-modal';
import { errorMessage } from '../../scheduling-lookups/components/field-errors';
import { usePageSearch } from '../../scheduling-lookups/components/use-page-search';
import { useClasses } from '../api/get-classes';
import { classListHeading, classListQuery, filterFromSearch, type ClassFilter } from './class-filter';
import { ClassFilters } from './class-filters';
import { ClassesTable } from './classes-table';
import '../../scheduling-lookups/components/scheduling.css';

/** /Classes: every class by filter and period; a status opens the class's register. */
export default function ClassesPage() {
  const search = usePageSearch('/classes');
  return (
    <SignedInPage title="Classes">
      <ClassesList key={search} search={search} />
    </SignedInPage>
  );
}

function ClassesList({ search }: { search: string }) {
  const [filter, setFilter] = useState<ClassFilter>(() => filterFromSearch(search));
  const [target, setTarget] = useState<AttendanceTarget | null>(null);
  const classes = useClasses(classListQuery(filter));
  const data = classes.data;

  const openClass = (classItem: ClassItem) => setTarget({ classItem, mode: 'M' });
  return (
    <>
      <div className="sched-toolbar">
        {data && <h2>{classListHeading(filter.statusId, data.total, data.studentTotal)}</h2>}
        {data?.datesSelected && <span className="classes-dates">{data.datesSelected}</span>}
      </div>
      <ClassFilters filter={filter} onChange={setFilter} onReset={() => setFilter(filterFromSearch(''))} />
      {classes.isPending && <IonSpinner aria-label="Loading classes" />}
      {classes.isError && <p className="sched-inline-error" role="alert">{errorMessage(classes.error)}</p>}
      {data && <ClassesTable classes={data.classes} onOpenClass={openClass} />}
      <AttendanceModal target={target} onClose={() => setTarget(null)} />
    </>
  );
}
