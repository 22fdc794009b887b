import { lazy } from 'react';
import type { FeatureRoute } from './feature-route';
import { TeacherPaymentsMobileLive } from './money';

// Before building or running browser tests, read pwa/README.md: build privately, never into dist/.
// Routes of the mobile screens. Paths are the spec's (matched case-insensitively).
// Every page reads the phone's own copy (pwa/src/offline), so each opens with no signal.

const TeacherClassesPage = lazy(() =>
  import('../../features/mobile-attendance/components/teacher-classes-page').then((m) => ({ default: m.TeacherClassesPage })),
);
const TeacherClassPage = lazy(() =>
  import('../../features/mobile-attendance/components/teacher-class-page').then((m) => ({ default: m.TeacherClassPage })),
);
const TeacherCoursesPage = lazy(() =>
  import('../../features/teacher-courses/components/teacher-courses-page').then((m) => ({ default: m.TeacherCoursesPage })),
);
const TeacherStudentsPage = lazy(() =>
  import('../../features/teacher-students/components/teacher-students-page').then((m) => ({ default: m.TeacherStudentsPage })),
);
const PaymentsPage = lazy(() => import('../../features/teacher-home/components/payments-page').then((m) => ({ default: m.PaymentsPage })));
const MarkClassesPage = lazy(() =>
  import('../../features/teacher-home/components/mark-classes-page').then((m) => ({ default: m.MarkClassesPage })),
);
const StudentClassesPage = lazy(() =>
  import('../../features/student-classes/components/student-classes-page').then((m) => ({ default: m.StudentClassesPage })),
);
const StudentCoursesPage = lazy(() =>
  import('../../features/student-courses/components/student-courses-page').then((m) => ({ default: m.StudentCoursesPage })),
);
// The teacher's and student's home (spec 2.1): the same page "/" shows them, one chunk with it.
const HomePage = lazy(() => import('../routes/home').then((m) => ({ default: m.HomePage })));
const StudentChatPage = lazy(() =>
  import('../../features/student-chat/components/student-chat-page').then((m) => ({ default: m.StudentChatPage })),
);

export const mobileRoutes: FeatureRoute[] = [
  { path: '/teachers/main', element: <HomePage /> },
  { path: '/students/main', element: <HomePage /> },
  { path: '/teachers/classesmobile', element: <TeacherClassesPage /> },
  { path: '/teachers/classesmobile/:id', element: <TeacherClassesPage /> },
  { path: '/teachers/class', element: <TeacherClassPage /> },
  { path: '/teachers/CoursesMobile', element: <TeacherCoursesPage /> },
  { path: '/teachers/StudentsMobile', element: <TeacherStudentsPage /> },
  { path: '/teachers/PaymentsMobile', element: <PaymentsPage content={<TeacherPaymentsMobileLive />} /> },
  { path: '/teachers/MarkClassesMobile', element: <MarkClassesPage /> },
  { path: '/students/classesmobile', element: <StudentClassesPage /> },
  { path: '/students/coursesmobile', element: <StudentCoursesPage /> },
  { path: '/students/chat', element: <StudentChatPage /> },
];
