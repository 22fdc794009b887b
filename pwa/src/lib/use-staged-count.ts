import { useEffect, useState } from 'react';

/**
 * How many of `total` parts to render now: `first` at once, then `step` more per task of their own,
 * until all are. Once a part is shown it stays: a longer list later (another week) goes on from
 * there, so only a page's opening is staged.
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
    return takeTurn(() => setShown((count) => count + step));
  }, [done, shown, step]);
  return Math.min(shown, total);
}

// Every staged component of the page waits in one queue, one step per task: two steps set in the
// same task would be rendered and committed together, as one longer task. Children's effects run
// before their parents', so a frame's own parts come before the content it wraps.
const turns: (() => void)[] = [];
let timer: number | undefined;

function nextTurn(): void {
  timer = undefined;
  turns.shift()?.();
  if (turns.length > 0) timer = window.setTimeout(nextTurn, 0);
}

/** Runs `step` in a task of its own, after the steps queued before it; returns a cancel. */
function takeTurn(step: () => void): () => void {
  turns.push(step);
  timer ??= window.setTimeout(nextTurn, 0);
  return () => {
    const index = turns.indexOf(step);
    if (index >= 0) turns.splice(index, 1);
  };
}
