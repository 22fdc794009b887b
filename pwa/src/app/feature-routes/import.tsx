import { lazy } from 'react';
import type { FeatureRoute } from './feature-route';

// Routes of CSV import, reached from the IMPORT buttons of the Students, Teachers and
// Courses lists.

const ImportPage = lazy(() => import('../../features/import/components/import-page').then((m) => ({ default: m.ImportPage })));

export const importRoutes: FeatureRoute[] = [
  { path: '/import', element: <ImportPage /> },
  { path: '/import/:kind', element: <ImportPage /> },
];
