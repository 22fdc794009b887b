import { FILE_OWNER_STUDENT } from '@rollbook/shared-types/files';
import { NOTE_TYPE_STUDENT } from '@rollbook/shared-types/notes';
import { lazy } from 'react';
import type { FeatureRoute } from './feature-route';

// Before building or running browser tests, read pwa/README.md: build privately, never into dist/.
// Routes of the people screens. Each replaces the "Coming soon" placeholder of the same path.
// Pages that need another feature's panel (documents, notes, calendar, payments) get it composed in
// here, so features never import each other; every page and panel is its own lazily loaded chunk.

const StudentListPage = lazy(() => import('../../features/students/components/student-list-page').then((m) => ({ default: m.StudentListPage })));
const StudentFormPage = lazy(() => import('../../features/students/components/student-form-page').then((m) => ({ default: m.StudentFormPage })));
const NotesPage = lazy(() => import('../../features/notes/components/notes-page').then((m) => ({ default: m.NotesPage })));
const NotesPanel = lazy(() => import('../../features/notes/components/notes-panel').then((m) => ({ default: m.NotesPanel })));
const DocumentsPanel = lazy(() => import('../../features/files/components/documents-panel').then((m) => ({ default: m.DocumentsPanel })));

const studentForm = (
  <StudentFormPage
    slots={{
      calendar: () => null,
      documents: (studentId) => <DocumentsPanel ownerType={FILE_OWNER_STUDENT} ownerId={studentId} />,
      notes: (studentId) => <NotesPanel entityTypeId={NOTE_TYPE_STUDENT} entityId={studentId} />,
    }}
  />
);

export const peopleRoutes: FeatureRoute[] = [
  { path: '/students', element: <StudentListPage /> },
  { path: '/Memberships', element: <StudentListPage /> },
  { path: '/studentsform', element: studentForm },
  { path: '/studentsform/:id', element: studentForm },
  { path: '/notes', element: <NotesPage /> },
];
