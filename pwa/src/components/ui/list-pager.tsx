import { IonButton } from '@ionic/react';
import { pageCount } from '@rollbook/shared-types/list-page';
import './list-pager.css';

/** Previous / next through pages of `pageSize`; hidden when everything fits on one page. */
export function ListPager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  return (
    <nav className="list-pager" aria-label="Pages">
      <IonButton fill="outline" size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        PREVIOUS
      </IonButton>
      <span>
        Page {page} of {pages}
      </span>
      <IonButton fill="outline" size="small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        NEXT
      </IonButton>
    </nav>
  );
}
