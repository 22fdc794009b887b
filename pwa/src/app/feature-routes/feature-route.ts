import type { ReactNode } from 'react';

/**
 * A screen and the path it answers. Each feature area lists its own routes in its own file here,
 * so areas built in parallel never edit the same file; router.tsx composes them.
 */
export interface FeatureRoute {
  path: string;
  element: ReactNode;
}
