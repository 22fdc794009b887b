// Chromium offers installation with a `beforeinstallprompt` event, fired once, early, often before
// React has mounted the home page. This module keeps it from the moment it is imported (main.tsx
// imports it first thing), so the "Install Rollbook" button can show it later.

/** Chromium's event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

type Listener = () => void;

let deferred: BeforeInstallPromptEvent | null = null;
let attachedTo: EventTarget | null = null;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((listener) => listener());

/** Starts listening (once per target). Safe to call again. */
export function captureInstallPrompt(target: EventTarget = window): void {
  if (attachedTo === target) return;
  attachedTo = target;
  target.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away: the home page offers the button instead.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

export const installPrompt = {
  /** True while the browser offers installation. */
  get: (): boolean => deferred !== null,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** Shows the browser's install dialog; the event can be used once, so the offer ends either way. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  notify();
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome;
}

if (typeof window !== 'undefined') captureInstallPrompt(window);
