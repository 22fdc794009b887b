import type { ReactNode } from 'react';
import { SignedInPage } from '../../app/layout/signed-in-page';
import { OfflineSession } from '../../offline/session/offline-session';
import { SyncStatusBar } from '../sync-status/sync-status-bar';
import { Staged } from '../../lib/staged';
import './mobile.css';

interface MobilePageProps {
  title: string;
  /** Teachers see the state of their queued changes; students only the offline chip and "Last updated". */
  role: 'Teacher' | 'Student';
  children: ReactNode;
}

/**
 * Frame of the teacher's and student's phone pages: the signed-in layout with the sync status on top.
 * The layout is committed first, the sync status in a later task and the page's content in one after
 * that (staged.tsx), so the page's opening is not one long task.
 */
export function MobilePage({ title, role, children }: MobilePageProps) {
  return (
    <SignedInPage title={title}>
      <OfflineSession />
      <Staged>
        <SyncStatusBar showChanges={role === 'Teacher'} />
        <Staged>
          <div className="mobile-page">{children}</div>
        </Staged>
      </Staged>
    </SignedInPage>
  );
}
