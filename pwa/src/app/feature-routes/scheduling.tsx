import type { FeatureRoute } from './feature-route';

// Routes of the scheduling screens. Each replaces the "Coming soon" placeholder of the same path.
export const schedulingRoutes: FeatureRoute[] = [];
