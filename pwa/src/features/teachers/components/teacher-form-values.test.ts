import type { Teacher } from '@rollbook/shared-types/teachers';
import { describe, expect, it } from 'vitest';
import { serverFieldErrors, toFormValues, validateTeacher } from './teacher-form-values';

const saved: Teacher = {
  teacherId: 1, firstName: 'Hannah', lastName: 'Wright', email: 'teacher@rollbook.test', address1: '74 High Street', address2: null,
  town: 'Milton Keynes', city: 'Milton Keynes', county: 'Buckinghamshire', postCode: 'MK9 5GR', nationalityId: 1, nationality: 'British',
  dateOfBirthString: '03/02/1991', genderId: 2, mobile: '07700 900666', landline: null, notes: 'Keen on IELTS',
  rates: [{ teacherRateId: 1, teacherId: 1, description: 'Standard rate', rate: 25, ratePence: 2500, timeUnitId: 1, inUse: true, active: true }],
  subjects: [{ subjectId: 7, name: 'Business English', color: '#00897B' }], subjectsString: 'Business English|#00897B',
  hasLogin: true, userId: 2, active: false, avatarId: 6, avatarImage: '/avatars/avatar-6.svg?size={size}', consents: [],
};

describe('validateTeacher', () => {
  it('sends the whole teacher with subjects and rates, and leaves a saved teacher’s status to the status dialog', () => {
    const { request } = validateTeacher(toFormValues(saved), saved);
    expect(request).toMatchObject({
      teacherId: 1, subjectIds: [7], avatarId: 6, notes: 'Keen on IELTS', genderId: 2, dateOfBirthString: '03/02/1991',
      rates: [{ teacherRateId: 1, description: 'Standard rate', rate: 25, active: true }],
    });
    expect(request?.active).toBeUndefined();
  });

  it('sends the chosen status of a new teacher', () => {
    const values = { ...toFormValues(null), firstName: 'Grace', lastName: 'Hopper', email: 'grace@rollbook.test', active: false };
    values.rates = [{ key: 'new-1', teacherRateId: null, description: 'Standard rate', rate: 21.5, active: true, inUse: false }];
    expect(validateTeacher(values, null).request).toMatchObject({ teacherId: null, active: false, rates: [{ teacherRateId: null, rate: 21.5 }] });
  });

  it('asks for names, e-mail and at least one rate, with the spec’s messages', () => {
    expect(validateTeacher(toFormValues(null), null).errors).toEqual({
      firstName: 'Please enter a first name',
      lastName: 'Please enter a last name',
      email: 'Please enter an email',
      rates: 'Please add at least one rate',
    });
  });

  it('names the rates field for a server refusal of one rate', () => {
    expect(serverFieldErrors({ 'rates.0.teacherRateId': ['Rate not found'], subjectIds: ['Please choose subjects from the list'] })).toEqual({
      rates: 'Rate not found',
      subjectIds: 'Please choose subjects from the list',
    });
  });
});
