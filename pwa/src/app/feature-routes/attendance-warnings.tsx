import { lazy } from 'react';
import type { FeatureRoute } from './feature-route';

// The attendance warning list, an admin screen reached from its dashboard tile. The path is
// ATTENDANCE_WARNINGS_PATH (shared-types/attendance-warnings.ts), written out: importing that module
// here would bring its schemas into every first visit (attendance-warnings.test.ts holds the two equal).

const AttendanceWarningsPage = lazy(() => import('../../features/attendance-warnings/components/attendance-warnings-page'));

export const attendanceWarningRoutes: FeatureRoute[] = [{ path: '/attendance-warnings', element: <AttendanceWarningsPage /> }];
