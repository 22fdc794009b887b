import type { FeatureRoute } from './feature-route';

// Routes of the money screens. Each replaces the "Coming soon" placeholder of the same path.
export const moneyRoutes: FeatureRoute[] = [];
