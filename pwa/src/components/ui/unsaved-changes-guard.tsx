import { IonAlert } from '@ionic/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

// Spec (people-and-access §2): leaving a form with unsaved edits asks before going.
export const UNSAVED_CHANGES_TITLE = 'Form has unsaved changes';
export const UNSAVED_CHANGES_MESSAGE = 'Do you wish to leave without saving?';

/**
 * An element's link target. React 19 gives custom elements their props as properties, so an
 * Ionic item or button with routerLink carries `href` as a property and not as an attribute.
 */
function linkOf(node: HTMLElement): { href: string | null; target: string | null; download: boolean } {
  const props = node as unknown as { href?: unknown; target?: unknown; download?: unknown };
  const href = typeof props.href === 'string' && props.href !== '' ? props.href : node.getAttribute('href');
  const target = node.getAttribute('target') ?? (typeof props.target === 'string' && props.target !== '' ? props.target : null);
  const download = node.hasAttribute('download') || (typeof props.download === 'string' && props.download !== '');
  return { href, target, download };
}

/**
 * The element a click would navigate with, or null: the nearest element of the page's own DOM that
 * carries an in-app href (an <a>, an Ionic item or button with routerLink/href, a react-router
 * <Link>), or an <ion-back-button>. Links to another origin, new tabs, downloads and modified
 * clicks are not in-app navigation.
 */
export function navigationTargetOf(event: Pick<MouseEvent, 'composedPath' | 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>, current: URL): HTMLElement | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  for (const node of event.composedPath()) {
    if (!(node instanceof HTMLElement)) continue;
    // Shadow-DOM internals (the <a> inside an ion-item) stand for their host, which comes later.
    if (node.getRootNode() !== node.ownerDocument) continue;
    if (node.tagName === 'ION-BACK-BUTTON') return node;
    const { href, target, download } = linkOf(node);
    if (href === null) continue;
    if (download) return null;
    if (target && target !== '_self') return null;
    const url = new URL(href, current);
    if (url.origin !== current.origin) return null;
    if (url.pathname === current.pathname && url.search === current.search) return null;
    return node;
  }
  return null;
}

/**
 * The Navigation API (Chromium, and recent Firefox and Safari) announces back/forward before the
 * URL changes and lets a page cancel it; react-router's popstate listener then never hears of it.
 */
const navigationApi = (): Navigation | undefined => (typeof window !== 'undefined' && 'navigation' in window ? window.navigation : undefined);

type PendingLeave = { kind: 'click'; element: HTMLElement } | { kind: 'history'; entryKey: string } | { kind: 'call'; proceed: () => void };

export interface UnsavedChangesGuardOptions {
  /** The form has edits that are not saved: set on any edit, cleared on save. */
  when: boolean;
  /** Called when the user chooses to leave without saving, before leaving (e.g. reset the form). */
  onDiscard?: () => void;
}

/**
 * Asks 'Form has unsaved changes' / 'Do you wish to leave without saving?' (YES, NO) whenever the
 * user would leave a form with unsaved edits:
 * - clicks on in-app links, router links and back buttons (a capture-phase listener on window runs
 *   before React's handlers, so the navigation only happens once the user says YES);
 * - the browser's back and forward buttons, where the Navigation API exists (the step is cancelled
 *   and taken on YES);
 * - programmatic navigation, through `confirmLeave(() => navigate(…))`;
 * - closing or reloading the tab (the browser's own beforeunload prompt; its text is the browser's).
 * Render `dialog` once in the form.
 */
export function useUnsavedChangesGuard({ when, onDiscard }: UnsavedChangesGuardOptions): {
  dialog: ReactNode;
  confirmLeave: (proceed: () => void) => void;
} {
  const [pending, setPending] = useState<PendingLeave | null>(null);
  // After YES the guard stands aside until the form is clean again (or edited anew after a reset).
  const released = useRef(false);
  const dirty = useRef(when);
  useEffect(() => {
    dirty.current = when;
    if (!when) released.current = false;
  }, [when]);
  const isGuarding = useCallback(() => dirty.current && !released.current, []);

  const onDiscardRef = useRef(onDiscard);
  useEffect(() => {
    onDiscardRef.current = onDiscard;
  }, [onDiscard]);

  useEffect(() => {
    if (!when) return;
    const onClick = (event: MouseEvent) => {
      if (!isGuarding()) return;
      const element = navigationTargetOf(event, new URL(window.location.href));
      if (!element) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ kind: 'click', element });
    };

    const onNavigate = (event: NavigateEvent) => {
      if (event.navigationType !== 'traverse' || !event.cancelable || !isGuarding()) return;
      event.preventDefault();
      setPending({ kind: 'history', entryKey: event.destination.key });
    };

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isGuarding()) return;
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = '';
    };

    const navigation = navigationApi();
    window.addEventListener('click', onClick, true);
    navigation?.addEventListener('navigate', onNavigate);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('click', onClick, true);
      navigation?.removeEventListener('navigate', onNavigate);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [when, isGuarding]);

  const confirmLeave = useCallback((proceed: () => void) => {
    if (isGuarding()) setPending({ kind: 'call', proceed });
    else proceed();
  }, [isGuarding]);

  const leave = (leaving: PendingLeave) => {
    released.current = true;
    onDiscardRef.current?.();
    if (leaving.kind === 'click') leaving.element.click();
    else if (leaving.kind === 'history') void navigationApi()?.traverseTo(leaving.entryKey).finished?.catch(() => undefined);
    else leaving.proceed();
  };

  const dialog = (
    <IonAlert
      isOpen={pending !== null}
      header={UNSAVED_CHANGES_TITLE}
      message={UNSAVED_CHANGES_MESSAGE}
      buttons={[
        { text: 'NO', role: 'cancel' },
        { text: 'YES', role: 'confirm' },
      ]}
      onDidDismiss={(event) => {
        const leaving = pending;
        setPending(null);
        if (leaving && event.detail.role === 'confirm') leave(leaving);
      }}
    />
  );
  return { dialog, confirmLeave };
}

/** The guard as a component, for forms that need no programmatic `confirmLeave`. */
export function UnsavedChangesGuard(props: UnsavedChangesGuardOptions) {
  return <>{useUnsavedChangesGuard(props).dialog}</>;
}
