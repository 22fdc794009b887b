import { lazy } from 'react';
import type { FeatureRoute } from './feature-route';

// Before building or running browser tests, read pwa/README.md: build privately, never into dist/.
// Routes of the scheduling screens. Each replaces the "Coming soon" placeholder of the same path.
const CoursesPage = lazy(() => import('../../features/courses/components/courses-page'));
const CourseFormPage = lazy(() => import('../../features/courses/components/course-form-page'));
const ClassesPage = lazy(() => import('../../features/classes/components/classes-page'));

export const schedulingRoutes: FeatureRoute[] = [
  { path: '/courses', element: <CoursesPage /> },
  { path: '/coursesform', element: <CourseFormPage /> },
  { path: '/coursesform/:id', element: <CourseFormPage /> },
  { path: '/Classes', element: <ClassesPage /> },
];
