import { IonContent, IonPage } from '@ionic/react';
import type { ReactNode } from 'react';
import { Staged } from '../../lib/staged';
import { useSession } from '../../lib/use-session';
import { primaryRole } from '../../lib/roles';
import { menuFor, usesBottomTabs } from '../menus';
import { BottomTabs } from './bottom-tabs';
import { TopBar } from './top-bar';

/**
 * Frame of every signed-in page: top bar, content, and the bottom tabs for phone roles. The tabs
 * (an icon each) are committed in a later task than the rest, so a phone page's opening is not one
 * long task (lib/staged.tsx).
 */
export function SignedInPage({ title, children }: { title: string; children: ReactNode }) {
  const user = useSession();
  const role = primaryRole(user);
  // The router only renders signed-in pages with a user; this guards the brief moment of signing out.
  if (!user) return <IonPage />;
  return (
    <IonPage>
      <TopBar title={title} user={user} />
      <IonContent className="page-content">{children}</IonContent>
      {usesBottomTabs(role) && (
        <Staged>
          <BottomTabs items={menuFor(role)} />
        </Staged>
      )}
    </IonPage>
  );
}
