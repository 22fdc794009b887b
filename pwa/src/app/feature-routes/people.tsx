import { FILE_OWNER_STUDENT, FILE_OWNER_TEACHER, NOTE_TYPE_STUDENT, NOTE_TYPE_TEACHER } from '@rollbook/shared-types/owner-types';
import { lazy } from 'react';
import type { FeatureRoute } from './feature-route';
import { TeacherPaymentsTabLive } from './money';

// Before building or running browser tests, read pwa/README.md: build privately, never into dist/.
// Routes of the people screens. Paths are the spec's (matched case-insensitively).
// Pages that need another feature's panel (documents, notes, calendar, payments) get it composed in
// here, so features never import each other; every page and panel is its own lazily loaded chunk.
// The teacher form's Payments tab comes from the money routes (money.tsx), which keep it live.

const StudentListPage = lazy(() => import('../../features/students/components/student-list-page').then((m) => ({ default: m.StudentListPage })));
const StudentFormPage = lazy(() => import('../../features/students/components/student-form-page').then((m) => ({ default: m.StudentFormPage })));
const TeacherListPage = lazy(() => import('../../features/teachers/components/teacher-list-page').then((m) => ({ default: m.TeacherListPage })));
const TeacherFormPage = lazy(() => import('../../features/teachers/components/teacher-form-page').then((m) => ({ default: m.TeacherFormPage })));
const NotesPage = lazy(() => import('../../features/notes/components/notes-page').then((m) => ({ default: m.NotesPage })));
const NotesPanel = lazy(() => import('../../features/notes/components/notes-panel').then((m) => ({ default: m.NotesPanel })));
const DocumentsPanel = lazy(() => import('../../features/files/components/documents-panel').then((m) => ({ default: m.DocumentsPanel })));
const ProfilePage = lazy(() => import('../../features/profile/components/profile-page').then((m) => ({ default: m.ProfilePage })));
const MobileProfilePage = lazy(() => import('../../features/profile/components/mobile-profile-page').then((m) => ({ default: m.MobileProfilePage })));
// FullCalendar is large: it loads only when a Calendar tab is first opened.
const CalendarView = lazy(() => import('../../components/ui/calendar-view').then((m) => ({ default: m.CalendarView })));

const studentForm = (
  <StudentFormPage
    slots={{
      calendar: (studentId) => <CalendarView type="S" id={studentId} />,
      documents: (studentId) => <DocumentsPanel ownerType={FILE_OWNER_STUDENT} ownerId={studentId} />,
      notes: (studentId) => <NotesPanel entityTypeId={NOTE_TYPE_STUDENT} entityId={studentId} />,
    }}
  />
);

const teacherForm = (
  <TeacherFormPage
    slots={{
      calendar: (teacherId) => <CalendarView type="T" id={teacherId} />,
      documents: (teacherId) => <DocumentsPanel ownerType={FILE_OWNER_TEACHER} ownerId={teacherId} />,
      notes: (teacherId) => <NotesPanel entityTypeId={NOTE_TYPE_TEACHER} entityId={teacherId} />,
      // The money screens' Payments tab, kept live by settlement notices.
      payments: (teacherId) => <TeacherPaymentsTabLive teacherId={teacherId} />,
    }}
  />
);

export const peopleRoutes: FeatureRoute[] = [
  { path: '/students', element: <StudentListPage /> },
  { path: '/Memberships', element: <StudentListPage path="/Memberships" /> },
  { path: '/studentsform', element: studentForm },
  { path: '/studentsform/:id', element: studentForm },
  { path: '/teachers', element: <TeacherListPage /> },
  { path: '/teachersform', element: teacherForm },
  { path: '/teachersform/:id', element: teacherForm },
  { path: '/notes', element: <NotesPage /> },
  { path: '/profile', element: <ProfilePage /> },
  { path: '/teachers/ProfileMobile', element: <MobileProfilePage /> },
];
