import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCourse } from '../../../offline/testing/fixtures';
import { ionButton, ionButtons } from '../../../components/mobile/testing/ion-queries';
import { TeacherCourseCard } from './teacher-course-card';
import type { SyncCourse } from '@rollbook/shared-types/sync';

afterEach(cleanup);

const course: SyncCourse = {
  ...makeCourse(4, 'ACME Business English B2'),
  description: 'Meetings and negotiations',
  subject: 'Business English',
  courseLevel: 'B2',
  company: 'Acme Ltd',
  address: '1 High Street, Bristol',
  startDateString: '05/10/2026',
  duration: 16,
  classLengthTemplate: 60,
  classesRemaining: 9,
  minsRemaining: 555,
};

const renderCard = (overrides: Partial<SyncCourse> = {}) => {
  const handlers = { onClasses: vi.fn(), onStudents: vi.fn(), onRemaining: vi.fn() };
  render(<TeacherCourseCard course={{ ...course, ...overrides }} {...handlers} />);
  return handlers;
};

describe('a course card on the teacher\'s phone', () => {
  it('shows the course, where it is, when it started, its classes and how much time is left', () => {
    renderCard();
    for (const text of ['ACME Business English B2', 'Meetings and negotiations', 'Business English', 'B2', 'Acme Ltd', '1 High Street, Bristol', '05/10/2026', '16 x 60 mins', '9 classes', '9h 15m left']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
  });

  it('says "Course completed" when no time is left, and "Private" for a course without a company', () => {
    renderCard({ minsRemaining: 0, company: null });
    expect(screen.getByText('Course completed')).toBeTruthy();
    expect(screen.getByText('Private')).toBeTruthy();
  });

  it('shows the unmarked icon, with its tooltip, only when the course has unmarked classes', () => {
    renderCard({ hasUnMarkedClasses: false });
    expect(ionButtons(document, 'Course has unmarked classes')).toHaveLength(0);
    cleanup();
    renderCard({ hasUnMarkedClasses: true });
    expect(ionButton(document, 'Course has unmarked classes')).toBeTruthy();
  });

  it('opens the class list, the students and the remaining classes', () => {
    const handlers = renderCard();
    fireEvent.click(ionButton(document, 'Classes of ACME Business English B2'));
    fireEvent.click(ionButton(document, 'Students of ACME Business English B2'));
    fireEvent.click(screen.getByRole('button', { name: 'Remaining classes of ACME Business English B2' }));
    expect(handlers.onClasses).toHaveBeenCalledWith(expect.objectContaining({ courseId: 4 }));
    expect(handlers.onStudents).toHaveBeenCalledWith(expect.objectContaining({ courseId: 4 }));
    expect(handlers.onRemaining).toHaveBeenCalledWith(expect.objectContaining({ courseId: 4 }));
  });
});
