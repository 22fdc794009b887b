import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCourses } from './get-courses';

const apiRequest = vi.hoisted(() => vi.fn(() => new Promise<never>(() => undefined)));
vi.mock('../../../lib/api-client', () => ({ apiRequest }));

function CoursesList({ query }: { query: Record<string, string | number> }) {
  const courses = useCourses(query);
  return <p>{courses.isPending ? 'Loading courses' : 'Courses'}</p>;
}

const renderOnce = (client: QueryClient, query: Record<string, string | number>) =>
  // Renders without committing or running effects: what the list asks for while it first renders.
  renderToString(
    <QueryClientProvider client={client}>
      <CoursesList query={query} />
    </QueryClientProvider>,
  );

describe('useCourses', () => {
  beforeEach(() => {
    apiRequest.mockClear();
  });

  it('asks for the page while the list is still rendering, before it commits', () => {
    renderOnce(new QueryClient(), { statusId: 2, page: 1, pageSize: 50 });
    expect(apiRequest).toHaveBeenCalledTimes(1);
    expect(apiRequest).toHaveBeenCalledWith('/api/courses/getall', expect.anything(), { query: { statusId: 2, page: 1, pageSize: 50 } });
  });

  it('does not ask twice for a page already in flight', () => {
    const client = new QueryClient();
    renderOnce(client, { statusId: 2, page: 1, pageSize: 50 });
    renderOnce(client, { statusId: 2, page: 1, pageSize: 50 });
    renderOnce(client, { statusId: 2, page: 2, pageSize: 50 });
    expect(apiRequest).toHaveBeenCalledTimes(2);
  });
});
