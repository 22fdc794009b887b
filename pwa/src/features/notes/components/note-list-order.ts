import { MAX_PAGE_SIZE, type SortDirection } from '@rollbook/shared-types/list-page';
import { NOTE_DEFAULT_SORT, NOTE_PAGE_SIZE, NOTE_SORT_NATURAL_DIR, type NoteSortKey } from '@rollbook/shared-types/notes';
import type { SelectOption } from '../../../components/form-fields/select-field';
import type { PanelListDefaults } from '../../../lib/use-panel-list';

export const NOTE_LIST: PanelListDefaults<NoteSortKey> = {
  pageSize: NOTE_PAGE_SIZE,
  pageSizes: [20, NOTE_PAGE_SIZE, MAX_PAGE_SIZE],
  defaultSort: NOTE_DEFAULT_SORT,
  naturalDir: NOTE_SORT_NATURAL_DIR,
};

/** The notes are a list, not a table: its orders are picked by name ("date:desc"). */
export const NOTE_ORDERS: SelectOption[] = [
  { value: 'date:desc', label: 'Newest first' },
  { value: 'date:asc', label: 'Oldest first' },
  { value: 'author:asc', label: 'Author A to Z' },
  { value: 'author:desc', label: 'Author Z to A' },
];

export const noteOrderValue = (order: { sort: NoteSortKey; dir: SortDirection }): string => `${order.sort}:${order.dir}`;

export function noteOrderFrom(value: string): { sort: NoteSortKey; dir: SortDirection } {
  const [sort, dir] = value.split(':');
  return { sort: sort === 'author' ? 'author' : 'date', dir: dir === 'asc' ? 'asc' : 'desc' };
}
