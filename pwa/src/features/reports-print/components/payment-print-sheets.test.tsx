import type { PaymentItem } from '@rollbook/shared-types/reports';
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PrintRow } from '../print-rows';
import { PaymentPrintSheets } from './payment-print-sheets';

afterEach(cleanup);

const item = (classId: number, minutes: number, ratePence: number, pence: number): PaymentItem => ({
  classId, courseId: 7, title: 'ACME English', description: '', subject: 'English', classDate: '2026-11-02', classSeperateDateString: '02/11/2026',
  classSeperateTimeString: '09:30', classLength: minutes, ratePerHour: ratePence / 100, ratePerHourPence: ratePence,
  classPaymentTotal: pence / 100, classPaymentPence: pence, coursePaymentTotal: 0, coursePaymentPence: 0, newRecord: false,
});

const classRows = (n: number): PrintRow[] => Array.from({ length: n }, (_, i) => ({ kind: 'class', key: `k${i}`, item: item(i + 1, 50, 1735, 1446) }));

describe('PaymentPrintSheets', () => {
  it('prints 30 rows on the first page and 38 on the next, each page a table with the column headings', () => {
    const { getAllByRole } = render(<PaymentPrintSheets rows={classRows(75)} />);
    const sheets = getAllByRole('region');
    expect(sheets.map((sheet) => sheet.getAttribute('aria-label'))).toEqual(['Page 1 of 3', 'Page 2 of 3', 'Page 3 of 3']);
    expect(sheets.map((sheet) => sheet.querySelectorAll('tbody tr').length)).toEqual([30, 38, 7]);
    for (const sheet of sheets) expect(within(sheet).getByRole('columnheader', { name: 'Duration (mins)' })).toBeTruthy();
    expect(sheets.every((sheet) => sheet.classList.contains('print-sheet'))).toBe(true);
  });

  it('formats a class, a course total and a teacher total in pounds, with the hours', () => {
    const rows: PrintRow[] = [
      { kind: 'course', key: 'c', title: 'ACME English' },
      { kind: 'class', key: 'k', item: item(1, 50, 1735, 1446) },
      { kind: 'course-total', key: 'ct', title: 'ACME English', pence: 123456 },
      { kind: 'teacher-total', key: 'tt', teacherName: 'Hannah Wright', minutes: 4665, hours: 77.75, pence: 190357 },
    ];
    const { getAllByRole, getByTestId } = render(<PaymentPrintSheets rows={rows} />);
    const cells = getAllByRole('row')[2]?.querySelectorAll('td') ?? [];
    expect([...cells].map((cell) => cell.textContent)).toEqual(['02/11/2026', 'English', '09:30', '50', '£17.35', '£14.46']);
    expect(getByTestId('course-total').textContent).toBe('Course total: ACME English£1,234.56');
    expect(getByTestId('teacher-total').textContent).toBe('Total for Hannah Wright (77.75 hours)£1,903.57');
  });
});
