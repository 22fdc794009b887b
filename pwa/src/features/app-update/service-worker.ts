import { registerSW } from 'virtual:pwa-register';
import { whenFirstPageHasLoaded } from '../../lib/after-first-page';
import { offlineChangesSettled } from './offline-changes-in-flight';

type Listener = () => void;

let needRefresh = false;
let registration: ServiceWorkerRegistration | undefined;
let activateWaitingWorker: (() => Promise<void>) | undefined;
const listeners = new Set<Listener>();

function setNeedRefresh() {
  needRefresh = true;
  listeners.forEach((listener) => listener());
}

/**
 * Registers the service worker in "prompt" mode, after the first page has loaded: a new build
 * installs in the background and waits; it only takes over (and reloads the page) when the user
 * presses UPDATE. On a phone's first visit the worker's registration (workbox-window, ~2 KB gz)
 * and its precache of every chunk (hundreds of KB) would otherwise compete with the scripts and
 * data of the page the user is waiting for.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  whenFirstPageHasLoaded(register);
}

function register(): void {
  activateWaitingWorker = registerSW({
    immediate: true,
    onNeedRefresh: setNeedRefresh,
    onRegisteredSW: (_url, swRegistration) => {
      registration = swRegistration;
    },
    onRegisterError: (error: unknown) => console.error('Service worker registration failed', error),
  });
}

export const serviceWorkerUpdate = {
  /** True once a new version of the app is installed and waiting. */
  get: () => needRefresh,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** Looks for a new service worker now, e.g. after the server reported a new version. */
export async function checkForServiceWorkerUpdate(): Promise<void> {
  await registration?.update().catch(() => undefined);
}

/** Switches to the newest build: activates a waiting service worker (which reloads), or reloads. */
export async function applyUpdate(): Promise<void> {
  await offlineChangesSettled();
  await checkForServiceWorkerUpdate();
  if (activateWaitingWorker && (needRefresh || registration?.waiting)) {
    await activateWaitingWorker();
    return;
  }
  window.location.reload();
}
