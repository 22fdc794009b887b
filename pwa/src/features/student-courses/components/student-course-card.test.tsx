import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCourse } from '../../../offline/testing/fixtures';
import { ionButton } from '../../../components/mobile/testing/ion-queries';
import { StudentCourseCard } from './student-course-card';

afterEach(cleanup);

describe('a course card on the student\'s phone', () => {
  it('shows subject, level, company, address, start date, class count and teacher, and opens the classes', () => {
    const onClasses = vi.fn();
    const course = { ...makeCourse(8, 'ACME English B1'), company: 'Acme Ltd', address: '1 High Street', totalClasses: 12, teacher: 'Tom Teacher' };
    render(<StudentCourseCard course={course} onClasses={onClasses} />);
    for (const text of ['English B1', 'Acme Ltd', '1 High Street', '01/11/2026', '12', 'Tom Teacher']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    fireEvent.click(ionButton(document, 'Classes of English B1'));
    expect(onClasses).toHaveBeenCalledWith(course);
  });
});
