import type { FeatureRoute } from './feature-route';

// Routes of the people screens. Each replaces the "Coming soon" placeholder of the same path.
export const peopleRoutes: FeatureRoute[] = [];
