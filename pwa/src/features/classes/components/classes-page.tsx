import { IonSpinner } from '@ionic/react';
import type { ClassItem } from '@rollbook/shared-types/classes';
import { useMemo, useState } from 'react';
import { SignedInPage } from '../../../app/layout/signed-in-page';
// Another feature's, on purpose: a class's status opens attendance's register (spec §2.6).
import { AttendanceModal, type AttendanceTarget } from '../../attendance/components/attendance-modal';
import { errorMessage } from '../../../components/form-fields/field-errors';
import { ListPageNav } from '../../../components/ui/list-page-nav';
import { useLastPageWhenPastTheEnd } from '../../../lib/use-last-page';
import { useListUrl, type ShowHow } from '../../../lib/use-list-url';
import { useClasses } from '../api/get-classes';
import { classListHeading, type ClassFilter } from './class-filter';
import { CLASS_LIST_PAGING, classListFromSearch, classListParams, classListRequest, classOrder, sortedClasses, withClassFilter, type ClassListState } from './class-list-url';
import { ClassFilters } from './class-filters';
import { ClassesTable } from './classes-table';
import '../../../components/scheduling/scheduling.css';

/**
 * /Classes: one page of classes by filter and period; a status opens the class's register. Page,
 * order and filters live in the address (class-list-url.ts), as on the courses list.
 */
export default function ClassesPage() {
  const { search, show } = useListUrl('/classes');
  const state = useMemo(() => classListFromSearch(search), [search]);
  const go = (next: ClassListState, how?: ShowHow) => show(classListParams(next), how);
  const [target, setTarget] = useState<AttendanceTarget | null>(null);
  const classes = useClasses(classListRequest(state));
  const data = classes.data;

  useLastPageWhenPastTheEnd(classes, state, (last) => show(classListParams(last), { replace: true }));

  const setFilter = (filter: ClassFilter, how?: ShowHow) => go(withClassFilter(state, filter), how);
  const openClass = (classItem: ClassItem) => setTarget({ classItem, mode: 'M' });
  return (
    <SignedInPage title="Classes">
      <div className="sched-toolbar">
        {data && <h2>{classListHeading(state.filter.statusId, data.total, data.studentTotal)}</h2>}
        {data?.datesSelected && <span className="classes-dates">{data.datesSelected}</span>}
      </div>
      <ClassFilters filter={state.filter} onChange={setFilter} onReset={() => go(classListFromSearch(''))} />
      {classes.isPending && <IonSpinner aria-label="Loading classes" />}
      {classes.isError && <p className="sched-inline-error" role="alert">{errorMessage(classes.error)}</p>}
      {data && (
        <ClassesTable classes={data.classes} onOpenClass={openClass} order={classOrder(state)} onSort={(key) => go(sortedClasses(state, key))} busy={classes.isPlaceholderData} />
      )}
      {data && data.total > 0 && (
        <ListPageNav
          noun="classes"
          page={state.page}
          pageSize={state.pageSize}
          total={data.total}
          pageSizes={CLASS_LIST_PAGING.pageSizes}
          onPage={(page) => go({ ...state, page })}
          onPageSize={(pageSize) => go({ ...state, pageSize, page: 1 })}
        />
      )}
      <AttendanceModal target={target} onClose={() => setTarget(null)} />
    </SignedInPage>
  );
}
