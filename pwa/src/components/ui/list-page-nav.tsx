import { IonButton } from '@ionic/react';
import { pageCount } from '@rollbook/shared-types/list-page';
import { SelectField } from '../form-fields/select-field';
import './list-page-nav.css';

interface ListPageNavProps {
  page: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  /** What the rows are, for the navigation's name ('Pages of courses'). */
  noun: string;
}

/** Page numbers around the current one, with the first and last always reachable. */
export function pageWindow(page: number, pages: number, around = 2): number[] {
  const first = Math.max(1, Math.min(page - around, pages - 2 * around));
  const last = Math.min(pages, first + 2 * around);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** "Page x of y, N found" with first, previous, numbered, next and last pages, and the rows per page. */
export function ListPageNav({ page, pageSize, total, pageSizes, onPage, onPageSize, noun }: ListPageNavProps) {
  const pages = pageCount(total, pageSize);
  return (
    <nav className="list-page-nav" aria-label={`Pages of ${noun}`}>
      <span className="list-page-nav__status" aria-live="polite">
        Page {Math.min(page, pages)} of {pages}, {total} found
      </span>
      <IonButton size="small" fill="clear" disabled={page <= 1} aria-label="First page" onClick={() => onPage(1)}>«</IonButton>
      <IonButton size="small" fill="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>PREVIOUS</IonButton>
      {pageWindow(page, pages).map((n) => (
        <IonButton
          key={n}
          size="small"
          fill={n === page ? 'solid' : 'clear'}
          aria-label={`Page ${n}`}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => n !== page && onPage(n)}
        >
          {n}
        </IonButton>
      ))}
      <IonButton size="small" fill="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>NEXT</IonButton>
      <IonButton size="small" fill="clear" disabled={page >= pages} aria-label="Last page" onClick={() => onPage(pages)}>»</IonButton>
      <SelectField
        className="list-page-nav__size"
        label="Rows per page"
        value={pageSize}
        options={pageSizes.map((n) => ({ value: n, label: String(n) }))}
        onChange={(value) => onPageSize(Number(value))}
      />
    </nav>
  );
}
