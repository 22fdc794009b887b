import { describe, expect, it } from 'vitest';
import { validateCompanyForm } from '../src/companies.js';
import { validateCourseForm } from '../src/courses.js';
import { validateRoomForm } from '../src/rooms.js';

const course = {
  title: 'ACME English B2', description: 'Weekly group', typeId: 1, subjectId: 3, courseLevelId: 2, companyId: 7,
  startDateString: '5/1/2027', endDateString: '30/6/2027', duration: '10', classLengthTemplate: 60, price: '450',
};

describe('the course form', () => {
  it('turns a valid form into values to save, price in pence', () => {
    expect(validateCourseForm(course).value).toMatchObject({ startDate: '2027-01-05', endDate: '2027-06-30', duration: 10, pricePence: 45_000, companyId: 7, maxNumberStudents: null });
  });

  it.each([
    ['title', { title: ' ' }, 'Please enter a compnay name'],
    ['description', { description: '' }, 'Please enter a description'],
    ['typeId', { typeId: 0 }, 'Please select a type'],
    ['subjectId', { subjectId: '0' }, 'Please select a subject'],
    ['courseLevelId', { courseLevelId: null }, 'Please select a level'],
    ['companyId', { companyId: 0 }, 'Please select a company'],
    ['startDateString', { startDateString: '29/2/2023' }, 'Please enter a Start Date'],
    ['endDateString', { endDateString: '31/4/2027' }, 'Please enter an End Date'],
    ['price', { price: '4.50' }, 'Please enter a price'],
    ['duration', { duration: 0 }, 'Please enter the number of classes'],
    ['classLengthTemplate', { classLengthTemplate: '1441' }, 'Please enter the class length in minutes'],
    ['maxNumberStudents', { maxNumberStudents: 'ten' }, 'Please enter a whole number'],
  ])('flags %s', (field, change, message) => {
    expect(validateCourseForm({ ...course, ...change }).fieldErrors).toEqual({ [field]: [message] });
  });

  it('does not need a company for a private course', () => {
    expect(validateCourseForm({ ...course, companyId: 0, private: true }).value?.companyId).toBeNull();
  });

  it('takes whole numbers as numbers or as canonical text', () => {
    expect(validateCourseForm({ ...course, typeId: '2', subjectId: '3', companyId: '7', addressId: '4', duration: 10, price: 450, maxNumberStudents: '0' }).value)
      .toMatchObject({ typeId: 2, subjectId: 3, companyId: 7, addressId: 4, duration: 10, pricePence: 45_000, maxNumberStudents: 0 });
  });

  it.each([
    ['typeId', ' 1', 'Please select a type'],
    ['subjectId', '1e3', 'Please select a subject'],
    ['courseLevelId', '0x10', 'Please select a level'],
    ['companyId', '7.0', 'Please select a company'],
    ['duration', '010', 'Please enter the number of classes'],
    ['classLengthTemplate', '+60', 'Please enter the class length in minutes'],
    ['price', '4e2', 'Please enter a price'],
    ['price', '-450', 'Please enter a price'],
    ['maxNumberStudents', '1_0', 'Please enter a whole number'],
    ['minNumberStudents', ' ', 'Please enter a whole number'],
    ['addressId', ' 4', 'Please select an address of the course company'],
  ])('flags %s spelt %j, with its message', (field, value, message) => {
    expect(validateCourseForm({ ...course, [field]: value }).fieldErrors).toEqual({ [field]: [message] });
  });

  it('flags a malformed company even on a private course', () => {
    expect(validateCourseForm({ ...course, companyId: 'Infinity', private: true }).fieldErrors).toEqual({ companyId: ['Please select a company'] });
  });
});

describe('the room form', () => {
  it.each([
    [{ name: 'Room 1', companyId: 2 }, { name: 'Room 1', companyId: 2, capacity: 10, description: null }],
    [{ name: 'Room 1', companyId: '2', capacity: '25' }, { name: 'Room 1', companyId: 2, capacity: 25, description: null }],
  ])('accepts %j', (input, value) => {
    expect(validateRoomForm(input).value).toEqual(value);
  });

  it('gives the spec messages', () => {
    expect(validateRoomForm({}).fieldErrors).toEqual({ name: ['Please enter a room name'], companyId: ['Please select a company'] });
  });

  it.each([[{ companyId: ' 2' }, 'companyId'], [{ companyId: '2e0' }, 'companyId'], [{ capacity: '025' }, 'capacity'], [{ capacity: 12.5 }, 'capacity']])(
    'refuses %j with that field\'s message',
    (change, field) => {
      expect(Object.keys(validateRoomForm({ name: 'Room 1', companyId: 2, ...change }).fieldErrors ?? {})).toEqual([field]);
    },
  );
});

describe('the company form', () => {
  const company = { name: 'Umbrella', code: 'umb', address: '1 Hive Road', town: 'Raccoon', postCode: 'rc1 1aa', primaryContact: { name: 'Alice', jobTitle: 'HR' } };

  it('upper-cases the code and post code and leaves out an empty secondary contact', () => {
    expect(validateCompanyForm(company).value).toMatchObject({ code: 'UMB', address: { postCode: 'RC1 1AA' }, secondaryContact: null });
  });

  it('asks for a name and job title once a secondary contact is started', () => {
    expect(validateCompanyForm({ ...company, secondaryContact: { email: 'bob@example.test' } }).fieldErrors)
      .toEqual({ 'secondaryContact.name': ['Please enter a contact name'], 'secondaryContact.jobTitle': ['Please enter a job title'] });
  });

  it.each(['+44 20 7946 0958', '07700 900123', '(020) 7946-0958'])('accepts the phone number %s', (mobile) => {
    expect(validateCompanyForm({ ...company, primaryContact: { ...company.primaryContact, mobile } }).fieldErrors).toBeUndefined();
  });
});
