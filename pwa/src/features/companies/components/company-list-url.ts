import { COMPANY_DEFAULT_SORT, COMPANY_PAGE_SIZE, COMPANY_SORT_KEYS, type CompanySortKey } from '@rollbook/shared-types/companies';
import { MAX_PAGE_SIZE } from '@rollbook/shared-types/list-page';
import type { SearchListDefaults } from '../../../lib/search-list-url';

/** /companies?q=…&page=…&pageSize=…&sort=…&dir=…: the companies list as an address. */
export const COMPANY_LIST: SearchListDefaults<CompanySortKey> = {
  sortKeys: COMPANY_SORT_KEYS,
  pageSize: COMPANY_PAGE_SIZE,
  pageSizes: [20, COMPANY_PAGE_SIZE, MAX_PAGE_SIZE],
  defaultSort: COMPANY_DEFAULT_SORT,
};
