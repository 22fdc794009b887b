import type { CourseListItem } from '@rollbook/shared-types/courses';
import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CoursesTable } from './courses-table';

// A page of courses goes on screen in two tasks: a screenful of rows first, the rest and what
// sits below the table (its pager) in the next, so neither is one long task; nothing already shown
// is pushed down.

const course = (n: number) => ({
  courseId: n, title: `Course ${n}`, subject: 'German', subjectColor: '#123456', courseLevel: 'A2', company: null,
  startDateString: '01/09/2026', endDateString: '01/12/2026', classesRemaining: 3, duration: 10, timeDiscrepancy: 0,
  enrolledCount: 1, enquiredCount: 0, waitingCount: 0, courseStatus: 'Active',
}) as unknown as CourseListItem;

describe('the courses table', () => {
  it('attaches a screenful of rows first, then the rest with the pager below it', async () => {
    const commits: { rows: number; pager: boolean }[] = [];
    const onCommit = () => commits.push({ rows: document.querySelectorAll('tbody tr').length, pager: screen.queryByText('pager') !== null });
    await act(async () => {
      render(
        <MemoryRouter>
          <Profiler id="table" onRender={onCommit}>
            <CoursesTable courses={Array.from({ length: 50 }, (_, i) => course(i + 1))} showDiscrepancy={false} onOpenStudents={() => undefined}
              order={{ sort: 'title', dir: 'asc' }} onSort={() => undefined} busy={false} after={<nav>pager</nav>} />
          </Profiler>
        </MemoryRouter>,
      );
    });
    expect(commits).toEqual([{ rows: 12, pager: false }]);
    // The rest follows in a task of its own (lib/use-staged-count.ts).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(commits[0]).toEqual({ rows: 12, pager: false });
    expect(commits.at(-1)).toEqual({ rows: 50, pager: true });
    expect(commits.every((commit) => commit.pager === (commit.rows === 50))).toBe(true);
  });

  it('shows every row of a short page at once', async () => {
    await act(async () => {
      render(
        <MemoryRouter>
          <CoursesTable courses={[course(1), course(2)]} showDiscrepancy={false} onOpenStudents={() => undefined}
            order={{ sort: 'title', dir: 'asc' }} onSort={() => undefined} busy={false} />
        </MemoryRouter>,
      );
    });
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });
});
