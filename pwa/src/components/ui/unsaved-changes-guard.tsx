import { IonAlert } from '@ionic/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

// Spec (people-and-access §2): leaving a form with unsaved edits asks before going.
export const UNSAVED_CHANGES_TITLE = 'Form has unsaved changes';
export const UNSAVED_CHANGES_MESSAGE = 'Do you wish to leave without saving?';

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
    const href = node.getAttribute('href');
    if (href === null) continue;
    if (node.hasAttribute('download')) return null;
    const target = node.getAttribute('target');
    if (target && target !== '_self') return null;
    const url = new URL(href, current);
    if (url.origin !== current.origin) return null;
    if (url.pathname === current.pathname && url.search === current.search) return null;
    return node;
  }
  return null;
}

/** How far history.go() must move to undo a back/forward step, from the router's entry indexes. */
export function undoDelta(indexBefore: unknown, indexAfter: unknown): number | null {
  if (typeof indexBefore !== 'number' || typeof indexAfter !== 'number') return null;
  const delta = indexBefore - indexAfter;
  return delta === 0 ? null : delta;
}

/** react-router's browser history keeps the entry's position in history.state.idx. */
const historyIndex = (): unknown => (window.history.state as { idx?: unknown } | null)?.idx;

type PendingLeave = { kind: 'click'; element: HTMLElement } | { kind: 'history'; delta: number } | { kind: 'call'; proceed: () => void };

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
 * - the browser's back and forward buttons (the step is undone at once and replayed on YES);
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

  const location = useLocation();
  const indexRef = useRef<unknown>(undefined);
  useEffect(() => {
    indexRef.current = historyIndex();
  }, [location]);

  const onDiscardRef = useRef(onDiscard);
  useEffect(() => {
    onDiscardRef.current = onDiscard;
  }, [onDiscard]);

  useEffect(() => {
    if (!when) return;
    let swallowNextPop = false;

    const onClick = (event: MouseEvent) => {
      if (!isGuarding()) return;
      const element = navigationTargetOf(event, new URL(window.location.href));
      if (!element) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ kind: 'click', element });
    };

    // At the window (the popstate target) capture listeners run before the router's own listener.
    const onPopState = (event: PopStateEvent) => {
      if (swallowNextPop) {
        swallowNextPop = false;
        event.stopImmediatePropagation();
        return;
      }
      if (!isGuarding()) return;
      const delta = undoDelta(indexRef.current, historyIndex());
      if (delta === null) return;
      event.stopImmediatePropagation();
      swallowNextPop = true;
      window.history.go(delta);
      setPending({ kind: 'history', delta: -delta });
    };

    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isGuarding()) return;
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = '';
    };

    window.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState, true);
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
    else if (leaving.kind === 'history') window.history.go(leaving.delta);
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
