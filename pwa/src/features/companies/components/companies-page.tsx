import { IonButton, IonSpinner } from '@ionic/react';
import type { CompanySortKey } from '@rollbook/shared-types/companies';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { errorMessage } from '../../../components/form-fields/field-errors';
import { ListPageNav } from '../../../components/ui/list-page-nav';
import { ListSearchField } from '../../../components/ui/list-search-field';
import { SortHeader } from '../../../components/ui/sort-header';
import { useLastPageWhenPastTheEnd } from '../../../lib/use-last-page';
import { useListUrl, type ShowHow } from '../../../lib/use-list-url';
import {
  searchListFromSearch, searchListOrder, searchListParams, searchListRequest, searchListSortedBy, withSearch, type SearchListState,
} from '../../../lib/search-list-url';
import { useCompanyPage } from '../api/get-company-page';
import { COMPANY_LIST } from './company-list-url';
import '../../../components/scheduling/scheduling.css';

const COLUMNS: { label: string; sortKey: CompanySortKey }[] = [
  { label: 'Name', sortKey: 'name' },
  { label: 'Code', sortKey: 'code' },
  { label: 'Town', sortKey: 'town' },
  { label: 'Post code', sortKey: 'postCode' },
];

/**
 * /companies: the school's corporate clients (spec §2.8), one page at a time. Search, page and
 * order live in the address, and the request is made from the address alone.
 */
export default function CompaniesPage() {
  const navigate = useNavigate();
  const { search, show } = useListUrl('/companies');
  const state = useMemo(() => searchListFromSearch(search, COMPANY_LIST), [search]);
  const go = (next: SearchListState<CompanySortKey>, how?: ShowHow) => show(searchListParams(next, COMPANY_LIST), how);
  const companies = useCompanyPage(searchListRequest(state));
  const data = companies.data;
  const order = searchListOrder(state, COMPANY_LIST);

  useLastPageWhenPastTheEnd(companies, state, (last) => show(searchListParams(last, COMPANY_LIST), { replace: true }));

  const open = (companyId: number) => navigate(`/companiesForm/${companyId}`);
  return (
    <SignedInPage title="Companies">
      <div className="sched-toolbar">
        <h2>{data ? `${data.total} companies` : ''}</h2>
        <IonButton onClick={() => navigate('/companiesform')}>ADD COMPANY</IonButton>
      </div>
      <div className="sched-filters" role="search" aria-label="Search companies">
        <ListSearchField
          label="Search"
          placeholder="Name, code, town or post code"
          value={state.q}
          onSearch={(q) => go(withSearch(state, q), { typing: true })}
        />
      </div>
      {companies.isPending && <IonSpinner aria-label="Loading companies" />}
      {companies.isError && <p className="sched-inline-error" role="alert">{errorMessage(companies.error)}</p>}
      {data && data.total === 0 && <p className="sched-empty">{state.q ? 'No companies found' : 'No companies currently'}</p>}
      {data && data.total > 0 && (
        <div className="sched-table-wrap">
          <table className="sched-table companies-table" aria-busy={companies.isPlaceholderData}>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <SortHeader
                    key={column.sortKey}
                    label={column.label}
                    sortKey={column.sortKey}
                    order={order}
                    onSort={(key) => go(searchListSortedBy(state, key, COMPANY_LIST))}
                  />
                ))}
              </tr>
            </thead>
            <tbody>
              {data.companies.map((company) => (
                <tr key={company.companyId} className="sched-row--link" data-company-id={company.companyId} onClick={() => open(company.companyId)}>
                  <td>
                    <a href={`/companiesForm/${company.companyId}`} onClick={(event) => { event.preventDefault(); event.stopPropagation(); open(company.companyId); }}>
                      {company.name}
                    </a>
                  </td>
                  <td>{company.code}</td>
                  <td>{company.town ?? ''}</td>
                  <td>{company.postCode ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.total > 0 && (
        <ListPageNav
          noun="companies"
          page={state.page}
          pageSize={state.pageSize}
          total={data.total}
          pageSizes={COMPANY_LIST.pageSizes}
          onPage={(page) => go({ ...state, page })}
          onPageSize={(pageSize) => go({ ...state, pageSize, page: 1 })}
        />
      )}
    </SignedInPage>
  );
}
