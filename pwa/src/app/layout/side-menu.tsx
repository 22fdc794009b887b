import { IonContent, IonHeader, IonIcon, IonItem, IonLabel, IonList, IonMenu, IonMenuToggle, IonTitle, IonToolbar } from '@ionic/react';
import { useLocation } from 'react-router-dom';
import { useSession } from '../../features/auth/hooks/use-session';
import { primaryRole } from '../../lib/roles';
import { isMenuItemActive, menuFor } from '../menus';

/** The sidebar: always open beside the content on wide screens, a drawer on phones. */
export function SideMenu({ contentId, disabled }: { contentId: string; disabled: boolean }) {
  const { pathname } = useLocation();
  const items = menuFor(primaryRole(useSession()));
  return (
    <IonMenu contentId={contentId} disabled={disabled} type="overlay">
      <IonHeader>
        <IonToolbar color="primary">
          <IonTitle>Rollbook</IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        <nav aria-label="Main menu">
          <IonList lines="none">
            {items.map((item) => {
              const active = isMenuItemActive(item, pathname);
              return (
                <IonMenuToggle key={item.path} autoHide={false}>
                  <IonItem
                    routerLink={item.path}
                    routerDirection="root"
                    detail={false}
                    className={active ? 'menu-item menu-item--active' : 'menu-item'}
                    aria-current={active ? 'page' : undefined}
                  >
                    <IonIcon slot="start" icon={item.icon} aria-hidden="true" />
                    <IonLabel>{item.label}</IonLabel>
                  </IonItem>
                </IonMenuToggle>
              );
            })}
          </IonList>
        </nav>
      </IonContent>
    </IonMenu>
  );
}
