import { IonButton } from '@ionic/react';

/** Previous / next over a paged list; nothing when it fits one page. */
export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="sched-pager" aria-label="Pages">
      <IonButton size="small" fill="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>PREVIOUS</IonButton>
      <span>
        Page {page} of {pages}
      </span>
      <IonButton size="small" fill="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>NEXT</IonButton>
    </nav>
  );
}
