import { IonIcon } from '@ionic/react';
import type { PeopleSortKey } from '@rollbook/shared-types/people';
import { checkmarkCircle } from 'ionicons/icons';
import type { ReactNode } from 'react';
import type { SortOrder } from '../../lib/list-url';
import { SortHeader } from './sort-header';

/** One person of a people list, in the columns the students and teachers lists share. */
export interface PersonRow {
  id: number;
  firstName: string;
  lastName: string;
  mobile: string | null;
  email: string | null;
  /** The cells of the list's own columns, shown between Email and Status. */
  cells: ReactNode[];
  active: boolean;
  hasLogin: boolean;
}

/** A column of the list's own; without a sort key its header does not sort. */
export interface PeopleColumn<K extends string> {
  label: string;
  sortKey?: K;
}

interface PeopleTableProps<K extends string> {
  /** The list's own columns, one per cell of each row. */
  columns: PeopleColumn<K>[];
  rows: PersonRow[];
  onOpen: (id: number) => void;
  /** The order the rows are in; a header's click asks for its column's. */
  order: SortOrder<PeopleSortKey | K>;
  onSort: (key: PeopleSortKey | K) => void;
  /** The rows are an older answer while the asked page loads. */
  busy?: boolean;
}

/** The people of one page, sorted by any column with a sort key; a row (click or Enter) opens the person. */
export function PeopleTable<K extends string>({ columns, rows, onOpen, order, onSort, busy = false }: PeopleTableProps<K>) {
  const header = (label: string, sortKey: PeopleSortKey | K | undefined) =>
    sortKey === undefined ? <th key={label} scope="col">{label}</th> : <SortHeader key={label} label={label} sortKey={sortKey} order={order} onSort={onSort} />;
  return (
    <table className="people-table" aria-busy={busy}>
      <thead>
        <tr>
          {header('First name', 'firstName')}
          {header('Last name', 'lastName')}
          {header('Mobile', 'mobile')}
          {header('Email', 'email')}
          {columns.map((column) => header(column.label, column.sortKey))}
          {header('Status', 'status')}
          {header('Online access', 'hasLogin')}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.id}
            tabIndex={0}
            onClick={() => onOpen(row.id)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onOpen(row.id);
            }}
          >
            <td>{row.firstName}</td>
            <td>{row.lastName}</td>
            <td className="people-table__nowrap">{row.mobile}</td>
            <td>{row.email}</td>
            {row.cells.map((cell, index) => (
              <td key={columns[index]?.label}>{cell}</td>
            ))}
            <td>{row.active ? 'Active' : 'Inactive'}</td>
            <td>
              {row.hasLogin && <IonIcon className="people-table__tick" icon={checkmarkCircle} aria-label="Has online access" role="img" />}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
