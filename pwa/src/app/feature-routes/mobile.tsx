import type { FeatureRoute } from './feature-route';

// Before building or running browser tests, read pwa/README.md: build privately, never into dist/.
// Routes of the mobile screens. Each replaces the "Coming soon" placeholder of the same path.
export const mobileRoutes: FeatureRoute[] = [];
