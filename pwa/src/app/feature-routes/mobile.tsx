import type { FeatureRoute } from './feature-route';

// Routes of the mobile screens. Each replaces the "Coming soon" placeholder of the same path.
export const mobileRoutes: FeatureRoute[] = [];
