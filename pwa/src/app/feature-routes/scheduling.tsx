import { useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { useLocation } from 'react-router-dom';
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

/**
 * The courses list, with its first page asked for as the route opens, while the page's scripts are
 * still downloading: the page itself could only ask once they had all arrived and run, so the rows
 * (the largest paint of an admin's first screen) waited for the scripts and then for the server.
 * The page's own query then finds the answer cached or in flight (the same key), not asking twice.
 */
function CoursesRoute() {
  const client = useQueryClient();
  const { search } = useLocation();
  // Once per mount (a state initialiser): Ionic keeps the page mounted while other pages are open.
  useState(() => void import('../../features/courses/api/prefetch-courses').then((m) => m.prefetchCourses(client, search)));
  return <CoursesPage />;
}

export const schedulingRoutes: FeatureRoute[] = [
  { path: '/courses', element: <CoursesRoute /> },
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
