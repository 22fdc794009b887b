import type { QueryClient } from '@tanstack/react-query';
import { courseListFromSearch, courseListRequest } from '../components/course-list-url';
import { coursesQuery } from './get-courses';

/**
 * Asks for the page of courses that /courses with this query string shows (the request the page
 * makes itself), before the page's own scripts have loaded. A small module of its own, loaded beside
 * the page's chunk, so the request does not wait for that chunk and its Ionic elements.
 */
export function prefetchCourses(client: QueryClient, search: string): void {
  void client.prefetchQuery(coursesQuery(courseListRequest(courseListFromSearch(search))));
}
