import { lazy } from 'react';
import type { FeatureRoute } from './feature-route';

// The audit trail, an admin screen reached from the side menu.

const AuditTrailPage = lazy(() => import('../../features/audit/components/audit-trail-page'));

export const auditRoutes: FeatureRoute[] = [{ path: '/audit', element: <AuditTrailPage /> }];
