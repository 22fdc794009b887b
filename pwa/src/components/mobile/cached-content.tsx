import { IonSpinner } from '@ionic/react';
import type { ReactNode } from 'react';
import { useSyncState } from '../../offline/hooks/use-sync-state';
import { primaryRole } from '../../lib/roles';
import { useSession } from '../../lib/use-session';

interface CachedContentProps<T> {
  /** What a hook read from the phone: undefined while loading. */
  items: T[] | undefined;
  /** The spec's empty text, e.g. 'No classes in this period'. */
  emptyText: string;
  children: (items: T[]) => ReactNode;
}

/**
 * A list read from the phone's copy. Before the first download an empty copy says nothing about
 * the user's data, so it asks to wait (or to connect) instead of showing the empty text.
 */
export function CachedContent<T>({ items, emptyText, children }: CachedContentProps<T>) {
  const { lastPulledAt, online } = useSyncState();
  const role = primaryRole(useSession());
  // Only teachers and students have a copy on their phone (an admin opening these pages has none).
  if (items === undefined && role !== 'Teacher' && role !== 'Student') {
    return <p className="empty-state">These pages show a teacher's or a student's own classes and courses.</p>;
  }
  if (items === undefined) return <IonSpinner className="mobile-page__spinner" aria-label="Loading" />;
  if (items.length > 0) return <>{children(items)}</>;
  if (lastPulledAt === null) {
    return (
      <p className="empty-state" role="status">
        {online ? 'Getting your data from the server…' : 'Connect to the internet once to download your data to this phone.'}
      </p>
    );
  }
  return <p className="empty-state">{emptyText}</p>;
}
