/**
 * Runs `run` once the page has loaded and the browser is idle (at the latest 2 s after the load),
 * for start-up work the first screen does not wait for: it then does not compete with the scripts,
 * data and rendering of the page the user is waiting for.
 */
export function whenFirstPageHasLoaded(run: () => void): void {
  const whenIdle = () => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(() => run(), { timeout: 2000 }) : window.setTimeout(run, 0));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** `task`, started once the page has loaded and the browser is idle; resolves with its result. */
export function afterFirstPage<T>(task: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => whenFirstPageHasLoaded(() => task().then(resolve, reject)));
}
