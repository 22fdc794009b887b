import { IonFooter, useIonRouter } from '@ionic/react';
import type { MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { InlineIcon } from '../../components/ui/inline-icon';
import './bottom-tabs.css';
import { isMenuItemActive, type MenuItem } from '../menus';

/** Phone navigation for teachers and students: the menu entries as a bottom tab bar. */
export function BottomTabs({ items }: { items: MenuItem[] }) {
  const { pathname } = useLocation();
  const router = useIonRouter();

  const open = (event: MouseEvent<HTMLAnchorElement>, path: string) => {
    // Let modified clicks open a new tab as links normally do.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    router.push(path, 'root', 'push');
  };

  return (
    <IonFooter className="bottom-tabs">
      <nav aria-label="Tabs" className="bottom-tabs__bar">
        {items.map((item) => {
          const active = isMenuItemActive(item, pathname);
          return (
            <a
              key={item.path}
              href={item.path}
              className={active ? 'bottom-tabs__tab bottom-tabs__tab--active' : 'bottom-tabs__tab'}
              aria-current={active ? 'page' : undefined}
              onClick={(event) => open(event, item.path)}
            >
              <InlineIcon icon={item.icon} />
              <span>{item.label}</span>
            </a>
          );
        })}
      </nav>
    </IonFooter>
  );
}
