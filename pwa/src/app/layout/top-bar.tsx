import { IonButton, IonButtons, IonHeader, IonMenuButton, IonTitle, IonToolbar } from '@ionic/react';
import type { SignedInUser } from '@rollbook/shared-types/auth';
import { UserAvatar } from '../../components/ui/user-avatar';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { primaryRole } from '../../lib/roles';
import { profilePathFor } from '../menus';

/** Page title with the menu toggle (phones), the user's avatar (their profile) and log out. */
export function TopBar({ title, user }: { title: string; user: SignedInUser }) {
  return (
    <IonHeader>
      <IonToolbar color="primary">
        <IonButtons slot="start">
          <IonMenuButton aria-label="Open menu" />
        </IonButtons>
        <IonTitle>
          <h1 className="page-title">{title}</h1>
        </IonTitle>
        <IonButtons slot="end">
          <IonButton routerLink={profilePathFor(primaryRole(user))} aria-label="Your profile" title="Your profile">
            <UserAvatar firstName={user.firstName} lastName={user.lastName} imageName={user.avatarImage} size={32} />
          </IonButton>
          <LogoutButton />
        </IonButtons>
      </IonToolbar>
    </IonHeader>
  );
}
