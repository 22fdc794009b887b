import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeClass } from '../../../offline/testing/fixtures';
import { StudentClassCard } from './student-class-card';

afterEach(cleanup);

const view = (classStudentStatusId: number | null) => ({
  ...makeClass({ classId: 5, startsAt: '2026-11-24T15:30:00Z', classLength: 90, subject: 'English', level: 'B1', address: '1 High Street', teacher: 'Tom Teacher', classStudentStatusId }),
  pending: false,
  movingToEnd: false,
});

describe('a class card on the student\'s phone', () => {
  it('is labelled CLASS and shows when, what, where and who teaches it', () => {
    render(<StudentClassCard cls={view(1)} />);
    for (const text of ['CLASS', 'Tuesday', '24/11/2026 · 15:30 - 17:00', 'English', 'B1', '1 High Street', 'Tom Teacher']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
  });

  it.each([
    [1, 'Pending'],
    [2, 'Attended'],
    [3, 'Late cancellation'],
    [4, 'Cancelled in advance'],
    [5, 'Absent'],
  ])('shows the student\'s own status %i as "%s"', (statusId, name) => {
    render(<StudentClassCard cls={view(statusId)} />);
    expect(screen.getByText(name)).toBeTruthy();
  });
});
