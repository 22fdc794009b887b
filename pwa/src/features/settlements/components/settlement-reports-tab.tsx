import { IonSelect, IonSelectOption, IonSpinner } from '@ionic/react';
import { EMPTY_TEXTS } from '@rollbook/shared-types/reports';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ListPageNav } from '../../../components/ui/list-page-nav';
import { ListSearchField } from '../../../components/ui/list-search-field';
import { searchListOrder, searchListRequest, searchListSortedBy, withSearch } from '../../../lib/search-list-url';
import { useLastPageWhenPastTheEnd } from '../../../lib/use-last-page';
import { useListUrl, type ShowHow } from '../../../lib/use-list-url';
import { usePaymentHeaderPage } from '../api/get-payment-headers-by-year';
import { usePaymentYears } from '../api/get-payment-years';
import { PaymentHeaderTable } from './payment-header-table';
import { SETTLEMENT_LIST, settlementListFromSearch, settlementListParams, type SettlementListState } from './settlement-list-url';

/**
 * The settlement history: a year picker (years that have reports) and one page of that year's
 * raised reports, searched and sorted by the server. Year, search, page and order live in the
 * address (the screen's own path: /Reports or /TeachersPayments).
 */
export function SettlementReportsTab() {
  const location = useLocation();
  const [path] = useState(location.pathname);
  const { search, show } = useListUrl(path);
  const state = useMemo(() => settlementListFromSearch(search), [search]);
  const go = (next: SettlementListState, how?: ShowHow) => show(settlementListParams(next), how);

  const years = usePaymentYears();
  // The newest year unless the address names one; a named year that no longer has reports falls back too.
  const year = state.year !== null && years.data?.includes(state.year) ? state.year : (years.data?.[0] ?? null);
  const headers = usePaymentHeaderPage(year, searchListRequest(state));
  const data = headers.data;

  const total = data?.total ?? 0;
  useLastPageWhenPastTheEnd(headers, state, (last) => show(settlementListParams(last), { replace: true }));

  if (years.isPending) return <IonSpinner aria-label="Loading" />;
  if (years.isError) return <p role="alert">{years.error.message}</p>;
  if (year === null) return <p className="settlements__empty">{EMPTY_TEXTS.settlementReports}</p>;

  return (
    <section aria-labelledby="settlement-history-heading">
      <h2 id="settlement-history-heading">Settlement history</h2>
      <div className="settlements__toolbar" role="search" aria-label="Search settlement reports">
        <IonSelect
          label="Year"
          labelPlacement="stacked"
          fill="outline"
          interface="popover"
          value={year}
          onIonChange={(event) => go({ ...state, year: Number(event.detail.value), page: 1 })}
        >
          {years.data.map((option) => (
            <IonSelectOption key={option} value={option}>
              {option}
            </IonSelectOption>
          ))}
        </IonSelect>
        <ListSearchField label="Search" placeholder="Report or raised by" value={state.q} onSearch={(q) => go(withSearch(state, q), { typing: true })} />
      </div>
      {headers.isPending && <IonSpinner aria-label="Loading" />}
      {headers.isError && <p role="alert">{headers.error.message}</p>}
      {data && total === 0 && <p className="settlements__empty">{state.q ? 'No settlement reports found' : EMPTY_TEXTS.settlementReports}</p>}
      {data && total > 0 && (
        <>
          <PaymentHeaderTable
            headers={data.paymentHeaders}
            caption={`Settlement reports ${year}`}
            sorting={{ order: searchListOrder(state, SETTLEMENT_LIST), onSort: (key) => go(searchListSortedBy(state, key, SETTLEMENT_LIST)), busy: headers.isPlaceholderData }}
          />
          <ListPageNav
            noun="settlement reports"
            page={state.page}
            pageSize={state.pageSize}
            total={total}
            pageSizes={SETTLEMENT_LIST.pageSizes}
            onPage={(page) => go({ ...state, page })}
            onPageSize={(pageSize) => go({ ...state, pageSize, page: 1 })}
          />
        </>
      )}
    </section>
  );
}
