/** Routes anyone may open; every other route needs a signed-in user. */
export const PUBLIC_PATHS = ['/login', '/signup', '/forgotpassword'] as const;

export interface PlaceholderRoute {
  path: string;
  title: string;
}

/**
 * Signed-in routes of the specs (courses-classes-payments §2.1, people-and-access §2)
 * whose screens arrive with later issues; until then each opens a "Coming soon" page
 * titled like its menu entry. Paths match case-insensitively.
 */
export const PLACEHOLDER_ROUTES: PlaceholderRoute[] = [
  { path: '/students', title: 'Students' },
  { path: '/Memberships', title: 'Students' },
  { path: '/studentsform', title: 'Student' },
  { path: '/studentsform/:id', title: 'Student' },
  { path: '/Classes', title: 'Classes' },
  { path: '/teachers', title: 'Teachers' },
  { path: '/teachersform', title: 'Teacher' },
  { path: '/teachersform/:id', title: 'Teacher' },
  { path: '/TeachersPayments', title: 'Payments' },
  { path: '/courses', title: 'Courses' },
  { path: '/coursesform', title: 'Course' },
  { path: '/coursesform/:id', title: 'Course' },
  { path: '/rooms', title: 'Rooms' },
  { path: '/roomsForm', title: 'Room' },
  { path: '/roomsForm/:id', title: 'Room' },
  { path: '/companies', title: 'Companies' },
  { path: '/companiesform', title: 'Company' },
  { path: '/companiesform/:id', title: 'Company' },
  { path: '/profile', title: 'Profile' },
  { path: '/Reports', title: 'Payments' },
  { path: '/notes', title: 'Notes' },
  { path: '/students/main', title: 'Home' },
  { path: '/teachers/main', title: 'Home' },
  { path: '/teachers/class', title: 'Class' },
  { path: '/teachers/MarkClassesMobile', title: 'Mark classes' },
  { path: '/teachers/PaymentsMobile', title: 'Payments' },
  { path: '/teachers/ProfileMobile', title: 'Profile' },
  { path: '/teachers/StudentsMobile', title: 'Students' },
  { path: '/teachers/CoursesMobile', title: 'Courses' },
  { path: '/teachers/classesmobile', title: 'Classes' },
  { path: '/teachers/classesmobile/:id', title: 'Classes' },
  { path: '/students/classesmobile', title: 'Classes' },
  { path: '/students/coursesmobile', title: 'Courses' },
  { path: '/students/chat', title: 'Chat' },
];

/** Printable reports open without any navigation. */
export const PRINT_ROUTES: PlaceholderRoute[] = [
  { path: '/reports/printpaymentreport', title: 'Payment report' },
  { path: '/reports/printstudentattendence', title: 'Student attendance report' },
];

const normalise = (pathname: string) => pathname.toLowerCase().replace(/\/+$/, '') || '/';

export function isPublicPath(pathname: string): boolean {
  const path = normalise(pathname);
  return PUBLIC_PATHS.some((publicPath) => publicPath === path);
}

/** Spec: any path containing printpaymentreport or printstudentattendence is a print page. */
export function isPrintPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return path.includes('printpaymentreport') || path.includes('printstudentattendence');
}
