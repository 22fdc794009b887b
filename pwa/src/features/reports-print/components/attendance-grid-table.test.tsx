import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { classBlocks } from '../attendance-grid';
import { AttendanceGridTable } from './attendance-grid-table';
import { AttendanceTotalsTable } from './attendance-totals-table';

afterEach(cleanup);

const classes = Array.from({ length: 7 }, (_, i) => ({
  classId: i + 1, classDate: `2026-11-0${i + 1}`, classDateString: `0${i + 1}/11/2026`, time: '10:00', classLength: 60, statusId: 3,
}));
const students = [
  { studentId: 1, firstName: 'Ann', lastName: 'Lee', statuses: [2, 2, 5, 1, 0, 2, 3], attended: 3, absent: 2, pending: 1, notEnrolled: 1 },
  { studentId: 2, firstName: 'Bo', lastName: 'Chen', statuses: [0, 0, 2, 2, 2, 2, 2], attended: 5, absent: 0, pending: 0, notEnrolled: 2 },
];

describe('attendance grid', () => {
  it('prints seven classes as a block of 5 columns and a block of 2, one row per student', () => {
    const blocks = classBlocks(classes);
    const { container } = render(
      <>
        {blocks.map((block) => (
          <AttendanceGridTable key={block.offset} block={block} students={students} />
        ))}
      </>,
    );
    const tables = [...container.querySelectorAll('table')];
    expect(tables.map((t) => t.querySelector('caption')?.textContent)).toEqual(['Classes 1 to 5', 'Classes 6 to 7']);
    expect(tables.map((t) => t.querySelectorAll('thead th').length - 1)).toEqual([5, 2]);
    // The short block keeps five columns wide, its spare ones empty.
    expect(tables.map((t) => t.querySelectorAll('thead tr > *').length)).toEqual([6, 6]);
    const annSecondBlock = [...(tables[1]?.querySelectorAll('tbody tr')[0]?.querySelectorAll('td:not([aria-hidden])') ?? [])].map((td) => td.textContent);
    expect(annSecondBlock).toEqual(['Attended', 'Late cancellation']);
    const bo = [...(tables[0]?.querySelectorAll('tbody tr')[1]?.querySelectorAll('td') ?? [])].map((td) => td.textContent);
    expect(bo).toEqual(['Not enrolled', 'Not enrolled', 'Attended', 'Attended', 'Attended']);
  });

  it("prints each student's Attended, Absent, Pending and Not enrolled totals and attendance rate ('—' with nothing marked)", () => {
    const cleo = { studentId: 3, firstName: 'Cleo', lastName: 'Diaz', statuses: [1, 1, 1, 1, 1, 1, 1], attended: 0, absent: 0, pending: 7, notEnrolled: 0 };
    // Ann's late cancellation counts as held: 3 of 6.
    const rates = [{ studentId: 1, courseId: 9, attended: 3, held: 6, rate: 50 }, { studentId: 2, courseId: 9, attended: 5, held: 5, rate: 100 }];
    const { container } = render(<AttendanceTotalsTable students={[...students, cleo]} rates={rates} />);
    const rows = [...container.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Ann Lee', '3', '2', '1', '1', '50%'],
      ['Bo Chen', '5', '0', '0', '2', '100%'],
      ['Cleo Diaz', '0', '0', '7', '0', '—'],
    ]);
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Student', 'Attended', 'Absent', 'Pending', 'Not enrolled', 'Attendance rate']);
  });
});
