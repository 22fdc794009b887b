import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

// Dialogs, alerts, popovers and the phone's menu drawer belong to the page they were opened on.
// Ionic keeps a page it leaves mounted (hidden), so an overlay it opened stayed presented over the
// next page: the browser's back button (a phone's back gesture) with a dialog or the drawer open
// showed the page before under the dialog of the page left. Toasts are not closed: a 'Well done!'
// after a save is meant for the page the save goes to.
const PAGE_OVERLAYS = 'ion-modal, ion-alert, ion-popover, ion-action-sheet';

interface Dismissible extends Element {
  dismiss(): Promise<boolean>;
}

/** Closes every open dialog, alert, popover and menu drawer when the user moves to another page. */
export function closeOverlaysOfLeftPage(root: ParentNode = document): void {
  // dismiss() on one that is not open answers false and does nothing.
  for (const overlay of root.querySelectorAll<Element>(PAGE_OVERLAYS)) void (overlay as Dismissible).dismiss();
  for (const menu of root.querySelectorAll<HTMLIonMenuElement>('ion-menu')) void closeDrawer(menu);
}

/** Closes a drawer open over the page (the split pane's menu beside the pages is not "open" and stays). */
async function closeDrawer(menu: HTMLIonMenuElement): Promise<void> {
  if (await menu.close()) return;
  // Ionic ignores close() while the drawer still slides open: close it once it is open.
  if (menu.classList.contains('show-menu') && !(await menu.isOpen())) {
    menu.addEventListener('ionDidOpen', () => void menu.close(), { once: true });
  }
}

/** Leaving a page (a new path; a query alone does not change Ionic's page) closes its overlays. */
export function useCloseOverlaysOnLeave(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    closeOverlaysOfLeftPage();
  }, [pathname]);
}
