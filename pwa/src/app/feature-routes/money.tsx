import { lazy, type ReactNode } from 'react';
import type { FeatureRoute } from './feature-route';

// Before building or running browser tests, read pwa/README.md: build privately, never into dist/.
// Routes of the money screens. Each replaces the "Coming soon" placeholder of the same path.

const SettlementsPage = lazy(() => import('../../features/settlements/components/settlements-page'));
const PaymentReportPrintPage = lazy(() => import('../../features/reports-print/components/payment-report-print-page'));
const AttendancePrintPage = lazy(() => import('../../features/reports-print/components/attendance-print-page'));
const LiveNotices = lazy(() => import('../../features/notices/components/live-notices'));

/** A money screen kept live: settlement notices (another admin's raise or delete) refresh it. */
const live = (page: ReactNode) => (
  <>
    {page}
    <LiveNotices />
  </>
);

export const moneyRoutes: FeatureRoute[] = [
  { path: '/Reports', element: live(<SettlementsPage />) },
  { path: '/TeachersPayments', element: live(<SettlementsPage />) },
  { path: '/reports/printpaymentreport', element: <PaymentReportPrintPage /> },
  { path: '/reports/printstudentattendence', element: <AttendancePrintPage /> },
];
