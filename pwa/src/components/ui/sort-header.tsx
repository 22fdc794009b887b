import type { SortDirection } from '@rollbook/shared-types/list-page';
import './sort-header.css';

interface SortHeaderProps<K extends string> {
  label: string;
  sortKey: K;
  /** The order the rows are in now. */
  order: { sort: K; dir: SortDirection };
  onSort: (key: K) => void;
  className?: string;
}

/**
 * A column header that sorts the list by its column (on the server, so across every page). The
 * header says its order to screen readers (aria-sort); the sorted column shows an arrow (only it,
 * so that wide tables keep fitting their screens), drawn by CSS so the header's text stays its label.
 */
export function SortHeader<K extends string>({ label, sortKey, order, onSort, className }: SortHeaderProps<K>) {
  const active = order.sort === sortKey;
  const ariaSort = active ? (order.dir === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <th scope="col" className={className} aria-sort={ariaSort}>
      <button type="button" className="list-sort" data-sort-dir={active ? order.dir : undefined} onClick={() => onSort(sortKey)}>
        {label}
      </button>
    </th>
  );
}
