import { lazy } from 'react';
import type { FeatureRoute } from './feature-route';

// Before building or running browser tests, read pwa/README.md: build privately, never into dist/.
// Routes of the scheduling screens. Paths are the spec's (matched case-insensitively).
const CoursesPage = lazy(() => import('../../features/courses/components/courses-page'));
const CourseFormPage = lazy(() => import('../../features/courses/components/course-form-page'));
const ClassesPage = lazy(() => import('../../features/classes/components/classes-page'));
const RoomsPage = lazy(() => import('../../features/rooms/components/rooms-page'));
const RoomFormPage = lazy(() => import('../../features/rooms/components/room-form-page'));
const ClosuresPage = lazy(() => import('../../features/closures/components/closures-page'));
const CompaniesPage = lazy(() => import('../../features/companies/components/companies-page'));
const CompanyFormPage = lazy(() => import('../../features/companies/components/company-form-page'));

export const schedulingRoutes: FeatureRoute[] = [
  { path: '/courses', element: <CoursesPage /> },
  { path: '/coursesform', element: <CourseFormPage /> },
  { path: '/coursesform/:id', element: <CourseFormPage /> },
  { path: '/Classes', element: <ClassesPage /> },
  { path: '/rooms', element: <RoomsPage /> },
  { path: '/roomsForm', element: <RoomFormPage /> },
  { path: '/roomsForm/:id', element: <RoomFormPage /> },
  { path: '/closures', element: <ClosuresPage /> },
  { path: '/companies', element: <CompaniesPage /> },
  { path: '/companiesform', element: <CompanyFormPage /> },
  { path: '/companiesform/:id', element: <CompanyFormPage /> },
];
