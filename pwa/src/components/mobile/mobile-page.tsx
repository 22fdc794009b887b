import type { ReactNode } from 'react';
import { SignedInPage } from '../../app/layout/signed-in-page';
import { OfflineSession } from '../../offline/session/offline-session';
import { SyncStatusBar } from '../sync-status/sync-status-bar';
import { useStagedCount } from './use-staged-count';
import './mobile.css';

interface MobilePageProps {
  title: string;
  /** Teachers see the state of their queued changes; students only the offline chip and "Last updated". */
  role: 'Teacher' | 'Student';
  children: ReactNode;
}

/**
 * Frame of the teacher's and student's phone pages: the signed-in layout with the sync status on top.
 * The layout is committed first, the sync status in the next task and the page's content in the
 * one after (use-staged-count.ts), so the page's opening is not one long task.
 */
export function MobilePage({ title, role, children }: MobilePageProps) {
  const shown = useStagedCount(2, 0, 1);
  return (
    <SignedInPage title={title}>
      <OfflineSession />
      {shown >= 1 && <SyncStatusBar showChanges={role === 'Teacher'} />}
      {shown >= 2 && <div className="mobile-page">{children}</div>}
    </SignedInPage>
  );
}
