import type { FeatureRoute } from './feature-route';

// Before building or running browser tests, read pwa/README.md: build privately, never into dist/.
// Routes of the people screens. Each replaces the "Coming soon" placeholder of the same path.
export const peopleRoutes: FeatureRoute[] = [];
