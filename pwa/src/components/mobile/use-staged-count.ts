import { useEffect, useState } from 'react';

/**
 * How many of `total` parts to render now: `first` at once, then `step` more after each turn the
 * browser gets (a task of its own), until all are. Once a part is shown it stays: a longer list later
 * (another week) goes on from there, so only a page's opening is staged.
 *
 * Why: React appends a page's Ionic elements in one commit, and Stencil runs each element's first
 * render in that task's microtasks. The teacher's week opened in one task of ~65 ms (some 260 ms on
 * the 4x slower phone Lighthouse simulates, most of the page's blocking time); a few parts per task
 * keep each under the 50 ms that counts as blocking. Each task is small, so the whole shows as soon.
 */
export function useStagedCount(total: number, first: number, step: number): number {
  const [shown, setShown] = useState(first);
  const done = shown >= total;
  useEffect(() => {
    if (done) return undefined;
    const timer = window.setTimeout(() => setShown((count) => count + step), 0);
    return () => window.clearTimeout(timer);
  }, [done, shown, step]);
  return Math.min(shown, total);
}
