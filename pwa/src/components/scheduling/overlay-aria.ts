const OVERLAYS = 'ion-modal, ion-alert, ion-popover, ion-action-sheet, ion-loading, ion-picker';

/**
 * Ionic hides the page from assistive technology (aria-hidden on the outlet) while an overlay is
 * up, and shows it again only when the overlay closing is the last one presented. When two close
 * at once (an alert answered, then its dialog closed at once) each sees the other and the page
 * stays hidden (and unscrollable) for good. After a dialog has closed, this undoes both if nothing is up.
 */
export function restorePageAriaIfNoOverlay(doc: Document = document): void {
  // Ionic marks every overlay that is not presented with the overlay-hidden class.
  const presented = [...doc.querySelectorAll(OVERLAYS)].some((el) => !el.classList.contains('overlay-hidden'));
  if (presented) return;
  doc.querySelectorAll('ion-app ion-router-outlet[aria-hidden="true"]').forEach((outlet) => outlet.removeAttribute('aria-hidden'));
  // The same bookkeeping locks the page's scrolling while an overlay is up.
  doc.body.classList.remove('backdrop-no-scroll');
}
