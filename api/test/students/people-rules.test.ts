import { StudentUpsertRequestSchema } from '@rollbook/shared-types/students';
import { formatDate, parseDateOfBirth } from '@rollbook/shared-types/people';
import { poundsToPence, TeacherRateInputSchema } from '@rollbook/shared-types/teachers';
import { RegisterRequestSchema } from '@rollbook/shared-types/signup';
import { describe, expect, it } from 'vitest';

describe('date of birth (dd/MM/yyyy)', () => {
  it.each([
    ['14/02/1990', '1990-02-14'],
    ['1/2/1990', '1990-02-01'],
    ['29/02/2000', '2000-02-29'],
    [' 31/12/1999 ', '1999-12-31'],
  ])('reads %j as %s', (text, iso) => {
    expect(parseDateOfBirth(text)).toBe(iso);
  });

  it.each(['29/02/2001', '31/04/1990', '00/01/1990', '10/13/1990', '1990-02-14', '14/02/90', '14/02/1899', '', 'yesterday'])('refuses %j', (text) => {
    expect(parseDateOfBirth(text)).toBeNull();
  });

  it('writes dates back as dd/MM/yyyy', () => {
    expect(formatDate('1985-07-03')).toBe('03/07/1985');
  });
});

describe('rates in pounds', () => {
  it.each([[25.5, 2550], [17.35, 1735], [0, 0], [0.01, 1], [1234.56, 123456], [19.99, 1999]])('£%s is %i pence', (pounds, pence) => {
    expect(poundsToPence(pounds)).toBe(pence);
  });

  it.each([[20.005, false], [-0.01, false], [100000.01, false], [100000, true], [33.3, true]])('accepts %s: %s', (rate, ok) => {
    expect(TeacherRateInputSchema.safeParse({ description: 'Rate', rate }).success).toBe(ok);
  });
});

describe('one message per field', () => {
  it('an empty e-mail says only that it is missing', () => {
    const result = StudentUpsertRequestSchema.safeParse({ firstName: 'A', lastName: 'B', email: '', companyId: 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Please enter an email']);
  });

  it('an empty sign-up password says only that it is empty', () => {
    const result = RegisterRequestSchema.safeParse({ email: 'a@b.co', code: '123456', password: '', confirmPassword: '' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Password is empty']);
  });
});
