import { startTransition, useEffect, useState } from 'react';

/**
 * False while a component first goes on screen, true once `commits` more commits have followed
 * (one by default): what a page renders only then is attached in a task of its own, after the
 * browser has had a turn.
 *
 * Why: React attaches a page's elements in one synchronous commit, and each Ionic element upgrades
 * as it is attached (Stencil's connectedCallback). A page of many inputs and selects made that one
 * task of ~60 ms (over 200 ms on a 4x slower phone: Lighthouse's largest blocking task on the
 * courses list); in a few commits none blocks as long.
 */
export function useAfterFirstCommit(commits = 1): boolean {
  const [done, setDone] = useState(0);
  // A passive effect runs after the commit has been painted; the transition renders in slices.
  useEffect(() => {
    if (done < commits) startTransition(() => setDone(done + 1));
  }, [done, commits]);
  return done >= commits;
}
