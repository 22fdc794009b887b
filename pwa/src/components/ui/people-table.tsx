import { IonIcon } from '@ionic/react';
import { checkmarkCircle } from 'ionicons/icons';
import type { ReactNode } from 'react';

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

interface PeopleTableProps {
  /** The headings of the list's own columns, one per cell of each row. */
  columns: string[];
  rows: PersonRow[];
  onOpen: (id: number) => void;
}

/** The people of one page; a row (click or Enter) opens the person. */
export function PeopleTable({ columns, rows, onOpen }: PeopleTableProps) {
  return (
    <table className="people-table">
      <thead>
        <tr>
          <th scope="col">First name</th>
          <th scope="col">Last name</th>
          <th scope="col">Mobile</th>
          <th scope="col">Email</th>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          <th scope="col">Status</th>
          <th scope="col">Online access</th>
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
              <td key={columns[index]}>{cell}</td>
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
