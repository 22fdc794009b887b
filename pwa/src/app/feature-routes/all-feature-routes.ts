import { attendanceWarningRoutes } from './attendance-warnings';
import { auditRoutes } from './audit';
import { importRoutes } from './import';
import { mobileRoutes } from './mobile';
import { moneyRoutes } from './money';
import { peopleRoutes } from './people';
import { schedulingRoutes } from './scheduling';
import type { FeatureRoute } from './feature-route';

export const FEATURE_ROUTES: FeatureRoute[] = [...schedulingRoutes, ...peopleRoutes, ...moneyRoutes, ...mobileRoutes, ...importRoutes, ...auditRoutes, ...attendanceWarningRoutes];

