import type { RoleName } from '@rollbook/shared-types/auth';
import {
  barChartOutline,
  businessOutline,
  calendarOutline,
  cashOutline,
  closeCircleOutline,
  documentTextOutline,
  easelOutline,
  homeOutline,
  libraryOutline,
  peopleOutline,
  receiptOutline,
  schoolOutline,
} from 'ionicons/icons';

export interface MenuItem {
  label: string;
  path: string;
  icon: string;
}

const MENUS: Record<RoleName, MenuItem[]> = {
  CompanyAdmin: [
    { label: 'Dashboard', path: '/', icon: barChartOutline },
    { label: 'Courses', path: '/courses', icon: libraryOutline },
    { label: 'Classes', path: '/Classes', icon: calendarOutline },
    { label: 'Students', path: '/students', icon: peopleOutline },
    { label: 'Teachers', path: '/teachers', icon: schoolOutline },
    { label: 'Companies', path: '/companies', icon: businessOutline },
    { label: 'Rooms', path: '/rooms', icon: easelOutline },
    { label: 'Closures', path: '/closures', icon: closeCircleOutline },
    { label: 'Payments', path: '/Reports', icon: cashOutline },
    { label: 'Notes', path: '/notes', icon: documentTextOutline },
    { label: 'Audit trail', path: '/audit', icon: receiptOutline },
  ],
  Teacher: [
    { label: 'Home', path: '/', icon: homeOutline },
    { label: 'Courses', path: '/teachers/CoursesMobile', icon: libraryOutline },
    { label: 'Classes', path: '/teachers/classesmobile', icon: calendarOutline },
    { label: 'Students', path: '/teachers/StudentsMobile', icon: peopleOutline },
  ],
  Student: [
    { label: 'Home', path: '/', icon: homeOutline },
    { label: 'Classes', path: '/students/classesmobile', icon: calendarOutline },
    { label: 'Courses', path: '/students/coursesmobile', icon: libraryOutline },
  ],
};

/** Sidebar (and, for phone roles, bottom tab) entries of a primary role; other roles get none. */
export function menuFor(role: RoleName | null): MenuItem[] {
  return role ? MENUS[role] : [];
}

/** Teachers and students work on phones, so they also get a bottom tab bar. */
export function usesBottomTabs(role: RoleName | null): boolean {
  return role === 'Teacher' || role === 'Student';
}

/** The avatar in the top bar opens the profile page; teachers have a mobile one. */
export function profilePathFor(role: RoleName | null): string {
  return role === 'Teacher' ? '/teachers/ProfileMobile' : '/profile';
}

/** A menu entry is current when the path matches it, ignoring case; "/" only matches itself. */
export function isMenuItemActive(item: MenuItem, pathname: string): boolean {
  const current = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return current === item.path.toLowerCase();
}
