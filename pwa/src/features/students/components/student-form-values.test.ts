import type { Student } from '@rollbook/shared-types/students';
import { describe, expect, it } from 'vitest';
import { ADDRESS_1_MESSAGE, serverFieldErrors, toFormValues, validateStudent } from './student-form-values';

const saved: Student = {
  studentId: 7, firstName: 'Kofi', lastName: 'Al-Sayed', email: 'kofi@example.org', genderId: 1, dateOfBirthString: '24/05/1997',
  companyId: 1, company: 'Acme', statusId: 1, address1: '133 Station Road', address2: 'Flat 2', town: 'Bristol', county: 'Bristol',
  country: 'United Kingdom', postCode: 'BS10 8DZ', mobile: '07700 900122', landline: null, notes: 'Prefers mornings', currentCourses: '',
  hasLogin: false, userId: null, nationalityId: 3, nationality: 'Spanish', consents: [], hasMarkedOrPaid: false, classChangeEmails: true,
};

describe('validateStudent', () => {
  it('sends the edited fields and keeps the saved ones the tab does not show', () => {
    const { request } = validateStudent({ ...toFormValues(saved), town: 'Bath' }, saved);
    expect(request).toMatchObject({ studentId: 7, town: 'Bath', address2: 'Flat 2', country: 'United Kingdom', notes: 'Prefers mornings', genderId: 1 });
  });

  it('sends the class-change e-mail opt-out as ticked, on for a new student', () => {
    expect(toFormValues(null).classChangeEmails).toBe(true);
    expect(validateStudent({ ...toFormValues(saved), classChangeEmails: false }, saved).request?.classChangeEmails).toBe(false);
  });

  it('keeps the date of birth exactly as entered', () => {
    expect(validateStudent(toFormValues(saved), saved).request?.dateOfBirthString).toBe('24/05/1997');
    expect(validateStudent({ ...toFormValues(saved), dateOfBirthString: '7/3/1990' }, saved).request?.dateOfBirthString).toBe('7/3/1990');
  });

  it.each([
    ['firstName', '', 'Please enter a first name'],
    ['lastName', '  ', 'Please enter a last name'],
    ['email', '', 'Please enter an email'],
    ['email', 'kofi @example.org', 'Please enter a valid email'],
    ['address1', '', ADDRESS_1_MESSAGE],
    ['dateOfBirthString', '31/02/1990', 'Please enter a valid date of birth (dd/mm/yyyy)'],
  ] as const)('refuses %s = %j with %j and makes no request', (field, value, message) => {
    const result = validateStudent({ ...toFormValues(saved), [field]: value }, saved);
    expect(result.request).toBeUndefined();
    expect(result.errors?.[field]).toBe(message);
  });

  it('requires a company for a new student', () => {
    const result = validateStudent({ ...toFormValues(null), firstName: 'Nina', lastName: 'New', email: 'nina@example.org', address1: '5 Station Road' }, null);
    expect(result.errors).toEqual({ companyId: 'Please select a company' });
  });

  it('creates a student when there is no saved one', () => {
    const values = { ...toFormValues(null), firstName: 'Nina', lastName: 'New', email: 'nina@example.org', address1: '5 Station Road', companyId: 2 };
    expect(validateStudent(values, null).request).toMatchObject({ studentId: null, companyId: 2, dateOfBirthString: null, town: null });
  });
});

describe('serverFieldErrors', () => {
  it('keeps the first message of each field the form shows', () => {
    expect(serverFieldErrors({ email: ['Another student already uses this email', 'x'], other: ['ignored'] })).toEqual({
      email: 'Another student already uses this email',
    });
  });
});
