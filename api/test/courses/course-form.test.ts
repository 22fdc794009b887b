import { beforeAll, describe, expect, it } from 'vitest';
import { createCast, createCompany, createSubjectAndLevel, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let cast: Cast;
let form: Record<string, unknown>;

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
  const { subjectId, courseLevelId } = await createSubjectAndLevel(ctx.db, 'English');
  const { companyId, addressId } = await createCompany(ctx.db, { code: 'ACME' });
  form = {
    title: 'ACME English B2', description: 'Weekly group', typeId: 1, subjectId, courseLevelId, companyId, addressId,
    startDateString: '5/1/2027', endDateString: '30/6/2027', duration: '10', classLengthTemplate: 60, price: '450',
    maxNumberStudents: '8', minNumberStudents: 3,
  };
});

const save = (body: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/courses/upsert', headers: cast.headers.admin, payload: body });

describe('POST /api/courses/upsert', () => {
  it('creates a Draft course and returns it with its figures', async () => {
    const res = await save(form);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'ACME English B2', courseStatusId: 1, courseStatus: 'Draft', startDateString: '05/01/2027', endDateString: '30/06/2027',
      duration: 10, classLengthTemplate: 60, durationMinutes: 600, timeDiscrepancy: 600, price: 450, pricePence: 45000,
      maxNumberStudents: 8, minNumberStudents: 3, address: '1 High Street, London, EC1A 1AA', companyCode: 'ACME',
    });
  });

  it('updates an existing course', async () => {
    const { courseId } = (await save(form)).json();
    const res = await save({ ...form, courseId, title: 'Renamed', duration: 12 });
    expect(res.json()).toMatchObject({ courseId, title: 'Renamed', duration: 12, durationMinutes: 720 });
  });

  it('gives every missing field its message at once', async () => {
    const res = await save({ private: false });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.fieldErrors).toMatchObject({
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
    expect(body.message).toBe('Please enter a compnay name');
  });

  it('does not ask for a company when the course is private', async () => {
    const res = await save({ ...form, private: true, companyId: 0, addressId: null, definedAddress: 'The school' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ private: true, companyId: null, address: 'The school' });
  });

  it.each([
    ['29/2/2024', 200],
    ['29/2/2023', 400],
    ['31/4/2026', 400],
    ['0/1/2026', 400],
    ['1/13/2026', 400],
    ['1/1/26', 400],
  ])('answers a start date of %s with %d', async (startDateString, status) => {
    const res = await save({ ...form, startDateString, endDateString: '31/12/2027' });
    expect(res.statusCode, res.body).toBe(status);
    if (status === 400) expect(res.json().fieldErrors).toEqual({ startDateString: ['Please enter a Start Date'] });
  });

  it('refuses an end date before the start date', async () => {
    const res = await save({ ...form, startDateString: '1/6/2027', endDateString: '31/5/2027' });
    expect(res.json().fieldErrors).toEqual({ endDateString: ['The End Date must be on or after the Start Date'] });
  });

  it.each([['12.5'], ['abc'], ['-1']])('refuses a price of %s: numeric input only, as an integer', async (price) => {
    const res = await save({ ...form, price });
    expect(res.json().fieldErrors).toEqual({ price: ['Please enter a price'] });
  });

  it('refuses student counts that are not whole numbers', async () => {
    const res = await save({ ...form, maxNumberStudents: '8.5', minNumberStudents: 'x' });
    expect(res.json().fieldErrors).toEqual({ maxNumberStudents: ['Please enter a whole number'], minNumberStudents: ['Please enter a whole number'] });
  });

  it('refuses a subject or company that does not exist', async () => {
    const res = await save({ ...form, subjectId: 999_999, companyId: 999_999, addressId: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ subjectId: ['Please select a subject'], companyId: ['Please select a company'] });
  });

  it("refuses an address of another company", async () => {
    const other = await createCompany(ctx.db);
    const res = await save({ ...form, addressId: other.addressId });
    expect(res.json().fieldErrors).toEqual({ addressId: ['Please select an address of the course company'] });
  });

  it('saves enrolments sent with the course', async () => {
    const res = await save({ ...form, students: [{ studentId: cast.studentId, statusId: 1 }, { studentId: cast.student2Id, statusId: 3 }] });
    expect(res.json()).toMatchObject({ enrolledCount: 1, enquiredCount: 0, waitingCount: 1 });
  });

  it('writes nothing when an enrolled student does not exist', async () => {
    const before = await ctx.db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await save({ ...form, students: [{ studentId: 999_999, statusId: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('One of the students does not exist');
    const after = await ctx.db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('is for admins only', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/courses/upsert', headers: cast.headers.teacher, payload: form });
    expect(res.statusCode).toBe(403);
  });
});
