import type { PaymentItem, TeacherPayment } from '@rollbook/shared-types/reports';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentItemsTable } from './payment-items-table';

afterEach(cleanup);

const item = (classId: number, title: string, newRecord: boolean, coursePence: number): PaymentItem => ({
  classId, courseId: title.length, title, description: '', subject: 'English', classDate: '2026-11-02', classSeperateDateString: '02/11/2026',
  classSeperateTimeString: '09:30', classLength: 45, ratePerHour: 20, ratePerHourPence: 2000,
  classPaymentTotal: 15, classPaymentPence: 1500, coursePaymentTotal: coursePence / 100, coursePaymentPence: coursePence, newRecord,
});

const payment: TeacherPayment = {
  teacher: { teacherId: 4, firstName: 'Hannah', lastName: 'Wright', avatar: null },
  paymentItems: [item(1, 'ACME English', true, 3000), item(2, 'ACME English', false, 3000), item(3, 'Private French', true, 1500)],
  courses: [],
  paymentTotal: 45,
  paymentTotalPence: 4500,
  totalMinutes: 135,
  totalTimeHours: 2.25,
};

const rowTexts = (container: HTMLElement) => [...container.querySelectorAll('tbody tr, tfoot tr')].map((row) => row.textContent);

describe('a teacher\'s classes to process', () => {
  it('heads each course, closes it with its total, and ends with the teacher\'s total and hours', () => {
    const { container } = render(<PaymentItemsTable payment={payment} caption="Classes to process" totalLabel="Total for Hannah Wright" className="x-table" />);
    expect(rowTexts(container)).toEqual([
      'ACME English',
      '02/11/202609:30English45£20.00£15.00',
      '02/11/202609:30English45£20.00£15.00',
      'Course total£30.00',
      'Private French',
      '02/11/202609:30English45£20.00£15.00',
      'Course total£15.00',
      'Total for Hannah Wright: 3 classes, 2.25 hours£45.00',
    ]);
  });
});
