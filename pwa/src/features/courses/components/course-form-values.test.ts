import { COURSE_MESSAGES, type CourseDetail } from '@rollbook/shared-types/courses';
import { describe, expect, it } from 'vitest';
import { checkCourseForm, digitsOnly, EMPTY_COURSE_FORM, formFromCourse, sameValues, statusOptions, type CourseFormValues } from './course-form-values';

const filled: CourseFormValues = {
  ...EMPTY_COURSE_FORM, title: 'ACME English', description: 'Weekly group', typeId: 1, subjectId: 1, courseLevelId: 3, companyId: 1,
  startDateString: '1/3/2027', endDateString: '31/5/2027', duration: '10', classLengthTemplate: '60', price: '500',
};

describe('course details form', () => {
  it('gives every section 5 message of an empty form at once, the title one spelt as the spec has it', () => {
    const { fieldErrors } = checkCourseForm(EMPTY_COURSE_FORM, null);
    expect(fieldErrors).toMatchObject({
      title: ['Please enter a compnay name'],
      description: ['Please enter a description'],
      typeId: ['Please select a type'],
      subjectId: ['Please select a subject'],
      courseLevelId: ['Please select a level'],
      companyId: ['Please select a company'],
      startDateString: ['Please enter a Start Date'],
      endDateString: ['Please enter an End Date'],
      price: ['Please enter a price'],
    });
  });

  it('does not ask for a company on a private course', () => {
    const { fieldErrors, request } = checkCourseForm({ ...filled, companyId: 0, private: true }, null);
    expect(fieldErrors).toBeUndefined();
    expect(request).toMatchObject({ companyId: null, private: true, courseId: 0 });
  });

  it.each([
    ['29/2/2027', COURSE_MESSAGES.startDate],
    ['31/4/2027', COURSE_MESSAGES.startDate],
    ['0/1/2027', COURSE_MESSAGES.startDate],
    ['1/13/2027', COURSE_MESSAGES.startDate],
    ['1/1/27', COURSE_MESSAGES.startDate],
  ])('refuses the start date %s', (startDateString, message) => {
    expect(checkCourseForm({ ...filled, startDateString }, 4).fieldErrors?.startDateString).toEqual([message]);
  });

  it('accepts 29 February in a leap year and sends the request', () => {
    const { request } = checkCourseForm({ ...filled, startDateString: '29/2/2028', endDateString: '1/3/2028' }, 4);
    expect(request).toMatchObject({ courseId: 4, startDateString: '29/2/2028', price: 500, addressId: null });
  });

  it('sends the typed numbers as JSON numbers, leading zeros and all, and empty ones as empty', () => {
    const { request } = checkCourseForm({ ...filled, duration: '010', classLengthTemplate: '60', price: '0450', maxNumberStudents: '', minNumberStudents: '0' }, 4);
    expect(request).toMatchObject({ duration: 10, classLengthTemplate: 60, price: 450, maxNumberStudents: '', minNumberStudents: 0 });
  });

  it('keeps only digits in the numeric fields', () => {
    expect(digitsOnly('£1,2a0.5')).toBe('1205');
    expect(digitsOnly('')).toBe('');
  });

  it('reads a saved course back into the form', () => {
    const course = { title: 'T', description: 'D', typeId: 2, subjectId: 1, courseLevelId: 3, companyId: null, addressId: null, definedAddress: null,
      private: true, sponsored: false, virtual: true, startDateString: '01/03/2027', endDateString: '', duration: 10, classLengthTemplate: 45,
      price: 120, maxNumberStudents: null, minNumberStudents: 1 } as unknown as CourseDetail;
    const values = formFromCourse(course);
    expect(values).toMatchObject({ companyId: 0, addressId: 0, definedAddress: '', duration: '10', price: '120', maxNumberStudents: '', minNumberStudents: '1' });
    expect(sameValues(values, { ...values })).toBe(true);
    expect(sameValues(values, { ...values, price: '121' })).toBe(false);
  });

  it('offers Draft only while no class is marked', () => {
    expect(statusOptions(2, 0).map((o) => o.label)).toEqual(['Draft', 'Active', 'Completed', 'Archived', 'Suspended']);
    expect(statusOptions(2, 3).map((o) => o.label)).toEqual(['Active', 'Completed', 'Archived', 'Suspended']);
  });
});
