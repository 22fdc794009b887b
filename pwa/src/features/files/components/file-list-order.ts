import { FILE_DEFAULT_SORT, FILE_PAGE_SIZE, FILE_SORT_NATURAL_DIR, type FileSortKey } from '@rollbook/shared-types/files';
import { MAX_PAGE_SIZE } from '@rollbook/shared-types/list-page';
import type { PanelListDefaults } from '../../../lib/use-panel-list';

export const FILE_LIST: PanelListDefaults<FileSortKey> = {
  pageSize: FILE_PAGE_SIZE,
  pageSizes: [20, FILE_PAGE_SIZE, MAX_PAGE_SIZE],
  defaultSort: FILE_DEFAULT_SORT,
  naturalDir: FILE_SORT_NATURAL_DIR,
};

/** The documents table's columns, each sorting the list by itself. */
export const FILE_COLUMNS: { label: string; sortKey: FileSortKey }[] = [
  { label: 'Type', sortKey: 'type' },
  { label: 'Title', sortKey: 'title' },
  { label: 'Size', sortKey: 'size' },
  { label: 'Shared with', sortKey: 'sharedWith' },
  { label: 'Times accessed', sortKey: 'timesAccessed' },
  { label: 'Upload date', sortKey: 'date' },
];
