import { IonItem, IonLabel, IonList, IonMenuToggle } from '@ionic/react';
import { useLocation } from 'react-router-dom';
import { InlineIcon } from '../../components/ui/inline-icon';
import './side-menu-items.css';
import { useSession } from '../../lib/use-session';
import { primaryRole } from '../../lib/roles';
import { isMenuItemActive, menuFor } from '../menus';

/** The sidebar's links for the signed-in user's role, the current page marked. */
export function SideMenuItems() {
  const { pathname } = useLocation();
  const items = menuFor(primaryRole(useSession()));
  return (
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
                {/* Inline, not IonIcon: its SVG parse per icon was a long task's worth on an admin page's opening (inline-icon.tsx). */}
                <InlineIcon slot="start" icon={item.icon} />
                <IonLabel>{item.label}</IonLabel>
              </IonItem>
            </IonMenuToggle>
          );
        })}
      </IonList>
    </nav>
  );
}
