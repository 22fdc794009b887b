import type { ReactNode } from 'react';
import { SyncStatusBar } from '../../sync-status/sync-status-bar';

/**
 * Stands in for MobilePage in component tests (vi.mock): the same sync status bar and content,
 * without the signed-in layout (top bar, menus) that needs the app's session and router.
 */
export function MobilePageStub({ title, role, children }: { title: string; role: 'Teacher' | 'Student'; children: ReactNode }) {
  return (
    <main>
      <h1>{title}</h1>
      <SyncStatusBar showChanges={role === 'Teacher'} />
      {children}
    </main>
  );
}
