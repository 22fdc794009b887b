import type { ReactNode } from 'react';
import { OfflineSession } from '../../offline/session/offline-session';
import { SyncStatusBar } from '../sync-status/sync-status-bar';
import './mobile.css';

/** Body of a phone home page (the home route already gives the signed-in frame). */
export function MobileHome({ role, children }: { role: 'Teacher' | 'Student'; children: ReactNode }) {
  return (
    <>
      <OfflineSession />
      <SyncStatusBar showChanges={role === 'Teacher'} />
      <div className="mobile-page">{children}</div>
    </>
  );
}
