import { mobileRoutes } from './mobile';
import { moneyRoutes } from './money';
import { peopleRoutes } from './people';
import { schedulingRoutes } from './scheduling';
import type { FeatureRoute } from './feature-route';

export const FEATURE_ROUTES: FeatureRoute[] = [...schedulingRoutes, ...peopleRoutes, ...moneyRoutes, ...mobileRoutes];

const key = (path: string) => path.toLowerCase().replace(/\/+$/, '');
const featurePaths = new Set(FEATURE_ROUTES.map((r) => key(r.path)));

/** Placeholders stay only for paths no feature provides yet. */
export const withoutFeaturePaths = <T extends { path: string }>(routes: T[]): T[] => routes.filter((r) => !featurePaths.has(key(r.path)));
