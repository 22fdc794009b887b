import { IonButton, IonSpinner } from '@ionic/react';
import { ATTENDANCE_WARNINGS_PATH, attendanceWarningsTitle } from '@rollbook/shared-types/attendance-warnings';
import { useMemo } from 'react';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { errorMessage } from '../../../components/form-fields/field-errors';
import { ListPageNav } from '../../../components/ui/list-page-nav';
import { ListSearchField } from '../../../components/ui/list-search-field';
import { useLastPageWhenPastTheEnd } from '../../../lib/use-last-page';
import { useListUrl, type ShowHow } from '../../../lib/use-list-url';
import { useAttendanceThreshold } from '../../../lookups/get-attendance-rates';
import { useAttendanceWarnings } from '../api/get-attendance-warnings';
import { ThresholdForm } from './threshold-form';
import {
  searchedWarnings, sortedWarnings, WARNING_LIST, warningListFromSearch, warningListParams, warningListRequest, warningOrder, type WarningListState,
} from './warning-list-url';
import { WarningsTable } from './warnings-table';
import '../../../components/scheduling/scheduling.css';
import './attendance-warnings.css';

/**
 * /attendance-warnings (admins; the dashboard tile links here): enrolled students of Active courses
 * whose attendance rate is below the school's threshold, paged, sorted and searched by the server,
 * with the threshold itself. Page, order and search live in the address; the request is made from
 * the address alone, so an older, slower answer never shows over a newer one.
 */
export default function AttendanceWarningsPage() {
  const { search, show } = useListUrl(ATTENDANCE_WARNINGS_PATH);
  const state = useMemo(() => warningListFromSearch(search), [search]);
  const go = (next: WarningListState, how?: ShowHow) => show(warningListParams(next), how);
  const list = useAttendanceWarnings(warningListRequest(state));
  const threshold = useAttendanceThreshold();
  const data = list.data;

  useLastPageWhenPastTheEnd(list, state, (last) => show(warningListParams(last), { replace: true }));

  // The threshold the rows were worked out with names the page; the setting's own answer may be newer.
  const percent = threshold.data ?? data?.threshold;
  return (
    <SignedInPage title={percent === undefined ? 'Attendance warnings' : attendanceWarningsTitle(percent)}>
      <div className="sched-toolbar">
        <h2>{data ? `${data.total} found` : ''}</h2>
        {threshold.data !== undefined && <ThresholdForm threshold={threshold.data} />}
      </div>
      <div className="sched-filters" role="search" aria-label="Filter attendance warnings">
        <ListSearchField label="Student or course" placeholder="Name or course" value={state.q} onSearch={(q) => go(searchedWarnings(state, q), { typing: true })} />
        <IonButton fill="outline" onClick={() => go(warningListFromSearch(''))}>RESET</IonButton>
      </div>
      {state.courseId > 0 && (
        // Opened from a course's students tab: that course only, until the admin asks for all.
        <p className="warnings-course">
          <span>{`Course: ${data?.warnings[0]?.courseTitle ?? 'this course only'}`}</span>
          <IonButton size="small" fill="clear" onClick={() => go({ ...state, courseId: 0, page: 1 })}>ALL COURSES</IonButton>
        </p>
      )}
      {(list.isPending || threshold.isPending) && <IonSpinner aria-label="Loading attendance warnings" />}
      {list.isError && <p className="sched-inline-error" role="alert">{errorMessage(list.error)}</p>}
      {threshold.isError && !list.isError && <p className="sched-inline-error" role="alert">{errorMessage(threshold.error)}</p>}
      {data && data.warnings.length === 0 && (
        <p className="sched-empty">{state.q ? 'No students below the threshold match this search' : `No students below ${data.threshold}% attendance`}</p>
      )}
      {data && data.warnings.length > 0 && (
        <WarningsTable warnings={data.warnings} order={warningOrder(state)} onSort={(key) => go(sortedWarnings(state, key))} busy={list.isPlaceholderData} />
      )}
      {data && data.total > 0 && (
        <ListPageNav
          noun="attendance warnings"
          page={state.page}
          pageSize={state.pageSize}
          total={data.total}
          pageSizes={WARNING_LIST.pageSizes}
          onPage={(page) => go({ ...state, page })}
          onPageSize={(pageSize) => go({ ...state, pageSize, page: 1 })}
        />
      )}
    </SignedInPage>
  );
}
