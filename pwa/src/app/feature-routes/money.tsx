import { IonSpinner } from '@ionic/react';
import { lazy, Suspense, type ReactNode } from 'react';
import type { FeatureRoute } from './feature-route';

// Before building or running browser tests, read pwa/README.md: build privately, never into dist/.
// Routes of the money screens. Paths are the spec's (matched case-insensitively).

const SettlementsPage = lazy(() => import('../../features/settlements/components/settlements-page'));
const PaymentReportPrintPage = lazy(() => import('../../features/reports-print/components/payment-report-print-page'));
const AttendancePrintPage = lazy(() => import('../../features/reports-print/components/attendance-print-page'));
const LiveNotices = lazy(() => import('../../features/notices/components/live-notices'));
const TeacherDashboard = lazy(() => import('../../features/teacher-dashboard/teacher-dashboard'));
const TeacherPaymentsMobile = lazy(() => import('../../features/teacher-payments-mobile/components/teacher-payments-mobile'));
const TeacherPaymentsTab = lazy(() => import('../../features/teacher-payments/teacher-payments-tab').then((m) => ({ default: m.TeacherPaymentsTab })));

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

// Money content other areas' pages show, composed here with live notices (features never import
// each other). Each loads as its own chunk behind a spinner.

/** The teacher dashboard (spec §2.12) for the teacher's Home, refreshed when a report including them is raised or deleted. */
export function TeacherDashboardLive() {
  return <Suspense fallback={<IonSpinner aria-label="Loading" />}>{live(<TeacherDashboard />)}</Suspense>;
}

/** The content of /teachers/PaymentsMobile: the teacher's settlement reports and classes to process, kept live. */
export function TeacherPaymentsMobileLive() {
  return <Suspense fallback={<IonSpinner aria-label="Loading" />}>{live(<TeacherPaymentsMobile />)}</Suspense>;
}

/** The teacher form's Payments tab for one teacher, kept live. */
export function TeacherPaymentsTabLive({ teacherId }: { teacherId: number }) {
  return <Suspense fallback={<IonSpinner aria-label="Loading" />}>{live(<TeacherPaymentsTab teacherId={teacherId} />)}</Suspense>;
}
