import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeStudent } from '../../../offline/testing/fixtures';
import { StudentCard } from './student-card';

afterEach(cleanup);

describe('a student card on the teacher\'s phone', () => {
  it('shows the name, company and ways to reach the student', () => {
    render(<StudentCard student={{ ...makeStudent(3, 'Ann', 'Able', 'Acme Ltd'), email: 'ann@example.com', mobile: '07700 900123', landline: '0117 496 0000' }} />);
    expect(screen.getByText('Ann Able')).toBeTruthy();
    expect(screen.getByText('Acme Ltd')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ann@example.com' }).getAttribute('href')).toBe('mailto:ann@example.com');
    expect(screen.getByRole('link', { name: '07700 900123' }).getAttribute('href')).toBe('tel:07700 900123');
    expect(screen.getByText('0117 496 0000')).toBeTruthy();
  });

  it('says "Private" for a student without a company and leaves out missing details', () => {
    render(<StudentCard student={makeStudent(4, 'Bob', 'Baker')} />);
    expect(screen.getByText('Private')).toBeTruthy();
    expect(screen.queryByText('Email')).toBeNull();
    expect(screen.queryByText('Mobile')).toBeNull();
  });
});
