import type { ReactNode } from 'react';
import { useStagedCount } from './use-staged-count';

/**
 * Its children, rendered in a task of their own after it mounts, once the parts queued before them
 * have had theirs (use-staged-count.ts): a part of a page's opening that can wait a moment.
 */
export function Staged({ children }: { children: ReactNode }) {
  return useStagedCount(1, 0, 1) === 1 ? children : null;
}
