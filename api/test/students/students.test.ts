import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.js';
import { countRows, createClassFor, createNationality, createTeacherRecord, loginFor } from '../helpers/people-factories.js';
import { createCompany } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let admin: { authorization: string };
let companyId: number;

beforeAll(async () => {
  admin = (await loginFor(ctx.app, ctx.db, 'CompanyAdmin', null)).headers;
  companyId = (await createCompany(ctx.db, { name: 'Acme Ltd' })).companyId;
});

const validStudent = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Maria',
  lastName: 'Lopez',
  email: `maria.${Math.random().toString(36).slice(2, 8)}@example.test`,
  companyId,
  ...overrides,
});

const upsert = (payload: unknown, headers = admin) => ctx.app.inject({ method: 'POST', url: '/api/students/upsert', payload: payload as object, headers });

describe('POST /api/students/upsert', () => {
  it('creates a student and answers it with its new id', async () => {
    const nationality = await createNationality(ctx.db, 'Peruvian');
    const res = await upsert(validStudent({
      address1: '1 High Street', town: 'Leeds', postCode: 'LS1 1AA', mobile: '07700 900123', genderId: 2,
      dateOfBirthString: '14/02/1990', nationalityId: nationality.nationalityId, notes: 'Prefers mornings',
    }));
    expect(res.statusCode).toBe(200);
    const student = res.json();
    expect(student).toMatchObject({
      firstName: 'Maria', lastName: 'Lopez', companyId, company: 'Acme Ltd', address1: '1 High Street', town: 'Leeds',
      dateOfBirthString: '14/02/1990', nationality: 'Peruvian', statusId: 0, hasLogin: false, userId: null,
      currentCourses: '', consents: [], hasMarkedOrPaid: false, notes: 'Prefers mornings',
    });
    expect(student.studentId).toBeGreaterThan(0);
  });

  it('keeps the date of birth exactly as entered on every later save (not the time of saving)', async () => {
    const created = (await upsert(validStudent({ dateOfBirthString: '3/7/1985' }))).json();
    expect(created.dateOfBirthString).toBe('03/07/1985');
    const again = await upsert({ ...validStudent({ email: created.email }), studentId: created.studentId, dateOfBirthString: created.dateOfBirthString, town: 'York' });
    expect(again.json()).toMatchObject({ dateOfBirthString: '03/07/1985', town: 'York' });
    const row = await ctx.db.selectFrom('students').select('dateOfBirth').where('studentId', '=', created.studentId).executeTakeFirstOrThrow();
    expect(row.dateOfBirth).toBe('1985-07-03');
  });

  it('updates an existing student and clears optional fields sent empty', async () => {
    const created = (await upsert(validStudent({ town: 'Leeds', mobile: '0770' }))).json();
    const res = await upsert({ ...validStudent({ email: created.email }), studentId: created.studentId, firstName: 'Mariana', town: '', mobile: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ studentId: created.studentId, firstName: 'Mariana', town: null, mobile: null });
  });

  it('does not require address 1 (the spec lists the required fields without it)', async () => {
    const res = await upsert(validStudent({ address1: '' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().address1).toBeNull();
  });

  it.each([
    ['a missing first name', { firstName: undefined }, 'firstName', 'Please enter a first name'],
    ['a blank first name', { firstName: '   ' }, 'firstName', 'Please enter a first name'],
    ['a missing last name', { lastName: undefined }, 'lastName', 'Please enter a last name'],
    ['a missing email', { email: undefined }, 'email', 'Please enter an email'],
    ['an empty email', { email: '' }, 'email', 'Please enter an email'],
    ['an email with a space', { email: 'maria lopez@example.test' }, 'email', 'Please enter a valid email'],
    ['an email without @', { email: 'maria.example.test' }, 'email', 'Please enter a valid email'],
    ['a missing company', { companyId: undefined }, 'companyId', 'Please select a company'],
    ['company 0', { companyId: 0 }, 'companyId', 'Please select a company'],
    ['an impossible date of birth', { dateOfBirthString: '31/02/1990' }, 'dateOfBirthString', 'Please enter a valid date of birth (dd/mm/yyyy)'],
    ['a date of birth in another format', { dateOfBirthString: '1990-02-14' }, 'dateOfBirthString', 'Please enter a valid date of birth (dd/mm/yyyy)'],
  ])('refuses %s with 400, the field error and nothing written', async (_case, overrides, field, message) => {
    const before = await countRows(ctx.db, 'students');
    const res = await upsert(validStudent(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toEqual([message]);
    expect(await countRows(ctx.db, 'students')).toBe(before);
  });

  it('reports every failing field at once, keyed by field name', async () => {
    const res = await upsert({ firstName: '', lastName: '', email: 'bad email', companyId: 0 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['companyId', 'email', 'firstName', 'lastName']);
  });

  it('refuses a company that does not exist', async () => {
    const before = await countRows(ctx.db, 'students');
    const res = await upsert(validStudent({ companyId: 999_999 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.companyId).toEqual(['Please select a company']);
    expect(await countRows(ctx.db, 'students')).toBe(before);
  });

  it('refuses an e-mail another student already uses, whatever its case', async () => {
    const first = (await upsert(validStudent())).json();
    const before = await countRows(ctx.db, 'students');
    const res = await upsert(validStudent({ email: first.email.toUpperCase() }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.email).toEqual(['Another student already uses this email']);
    expect(await countRows(ctx.db, 'students')).toBe(before);
  });

  it('answers 404 when updating a student that does not exist, and writes nothing', async () => {
    const before = await countRows(ctx.db, 'students');
    const res = await upsert({ ...validStudent(), studentId: 987_654 });
    expect(res.statusCode).toBe(404);
    expect(await countRows(ctx.db, 'students')).toBe(before);
  });

  it('answers 400 to a body that is not an object or has wrong types', async () => {
    for (const payload of [[], { ...validStudent(), companyId: 'one' }, { ...validStudent(), genderId: 7 }]) {
      const res = await upsert(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('GET /api/students/getall', () => {
  it('lists a page with current course pills, status and online access, filtered by status and company', async () => {
    const company = await createCompany(ctx.db, { name: 'Pills Co' });
    const active = await createStudent(ctx.db, { lastName: 'Activa', companyId: company.companyId });
    const idle = await createStudent(ctx.db, { lastName: 'Inactiva', companyId: company.companyId });
    const teacher = await createTeacherRecord(ctx.db);
    const { subjectId } = await createClassFor(ctx.db, teacher, [active.studentId]);
    const subject = await ctx.db.selectFrom('subjects').selectAll().where('subjectId', '=', subjectId).executeTakeFirstOrThrow();
    await loginFor(ctx.app, ctx.db, 'Student', active.studentId);

    const all = (await ctx.app.inject({ url: `/api/students/getall?companyId=${company.companyId}&statusId=-1`, headers: admin })).json();
    expect(all.total).toBe(2);
    expect(all.pageSize).toBe(100);
    expect(all.students.map((s: { lastName: string }) => s.lastName)).toEqual(['Activa', 'Inactiva']);
    expect(all.students[0]).toMatchObject({ statusId: 1, hasLogin: true, currentCourses: `${subject.name}|${subject.color}`, company: 'Pills Co' });
    expect(all.students[1]).toMatchObject({ statusId: 0, hasLogin: false, currentCourses: '' });

    const onlyActive = (await ctx.app.inject({ url: `/api/students/getall?companyId=${company.companyId}&statusId=1`, headers: admin })).json();
    expect(onlyActive.students.map((s: { studentId: number }) => s.studentId)).toEqual([active.studentId]);
    const onlyInactive = (await ctx.app.inject({ url: `/api/students/getall?companyId=${company.companyId}&statusId=0`, headers: admin })).json();
    expect(onlyInactive.students.map((s: { studentId: number }) => s.studentId)).toEqual([idle.studentId]);
  });

  it('pages 100 at a time', async () => {
    const company = await createCompany(ctx.db);
    await ctx.db.insertInto('students').values(Array.from({ length: 105 }, (_, i) => ({
      firstName: 'Page', lastName: `Student${String(i).padStart(3, '0')}`, companyId: company.companyId,
    }))).execute();
    const page1 = (await ctx.app.inject({ url: `/api/students/getall?companyId=${company.companyId}`, headers: admin })).json();
    const page2 = (await ctx.app.inject({ url: `/api/students/getall?companyId=${company.companyId}&page=2`, headers: admin })).json();
    expect(page1.total).toBe(105);
    expect(page1.students).toHaveLength(100);
    expect(page2.students).toHaveLength(5);
    expect(page2.students[0].lastName).toBe('Student100');
    expect(page2.total).toBe(105);
    // A page past the end (a list shortened since it was opened) still says how many there are.
    const page3 = (await ctx.app.inject({ url: `/api/students/getall?companyId=${company.companyId}&page=3`, headers: admin })).json();
    expect(page3).toMatchObject({ students: [], total: 105, page: 3 });
  });

  it('finds students by part of their name, treating % and _ literally', async () => {
    await createStudent(ctx.db, { firstName: 'Zebedee', lastName: 'Quartz' });
    const found = (await ctx.app.inject({ url: '/api/students/getall?name=ebedee%20quar', headers: admin })).json();
    expect(found.students.map((s: { lastName: string }) => s.lastName)).toEqual(['Quartz']);
    const literal = (await ctx.app.inject({ url: '/api/students/getall?name=%25', headers: admin })).json();
    expect(literal.total).toBe(0);
  });

  it('lists the students of a course, leaving out those whose place was cleared', async () => {
    const teacher = await createTeacherRecord(ctx.db);
    const kept = await createStudent(ctx.db, { lastName: 'Kept' });
    const cleared = await createStudent(ctx.db, { lastName: 'Cleared' });
    const { courseId } = await createClassFor(ctx.db, teacher, [kept.studentId, cleared.studentId]);
    await ctx.db.updateTable('enrolments').set({ statusId: 0 }).where('courseId', '=', courseId).where('studentId', '=', cleared.studentId).execute();
    const onCourse = (await ctx.app.inject({ url: `/api/students/getall?CourseId=${courseId}`, headers: admin })).json();
    expect(onCourse.students.map((s: { studentId: number }) => s.studentId)).toEqual([kept.studentId]);
  });

  it('refuses a status other than -1, 0 or 1', async () => {
    expect((await ctx.app.inject({ url: '/api/students/getall?statusId=2', headers: admin })).statusCode).toBe(400);
  });
});

describe('GET /api/students/getbyid', () => {
  it('shows consents recorded by the student, and says when a class was marked', async () => {
    const student = await createStudent(ctx.db, { companyId });
    const login = await loginFor(ctx.app, ctx.db, 'Student', student.studentId);
    await ctx.db.insertInto('gdprConsents').values([{ userId: login.userId, code: 'EMAIL', consent: true }, { userId: login.userId, code: 'SALES', consent: false }]).execute();
    const teacher = await createTeacherRecord(ctx.db);
    await createClassFor(ctx.db, teacher, [student.studentId], { attendanceStatusId: 2 });

    const res = await ctx.app.inject({ url: `/api/students/getbyid?id=${student.studentId}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      hasLogin: true,
      userId: login.userId,
      hasMarkedOrPaid: true,
      consents: [{ code: 'EMAIL', name: 'Receive emails', consent: true }, { code: 'SALES', name: 'Sales data', consent: false }],
    });
  });

  it('lets a student read only their own record, without the office notes', async () => {
    const me = await createStudent(ctx.db);
    await ctx.db.updateTable('students').set({ notes: 'Office only' }).where('studentId', '=', me.studentId).execute();
    const other = await createStudent(ctx.db);
    const { headers } = await loginFor(ctx.app, ctx.db, 'Student', me.studentId);
    const mine = await ctx.app.inject({ url: `/api/students/getbyid?id=${me.studentId}`, headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().notes).toBeNull();
    expect((await ctx.app.inject({ url: `/api/students/getbyid?id=${other.studentId}`, headers })).statusCode).toBe(404);
  });

  it("lets a teacher read the students of their classes (without consents) and answers 404 for anyone else's, as for a missing id", async () => {
    const teacher = await createTeacherRecord(ctx.db);
    const mine = await createStudent(ctx.db);
    const notMine = await createStudent(ctx.db);
    await createClassFor(ctx.db, teacher, [mine.studentId]);
    const { headers } = await loginFor(ctx.app, ctx.db, 'Teacher', teacher.teacherId);
    const studentLogin = await loginFor(ctx.app, ctx.db, 'Student', mine.studentId);
    await ctx.db.insertInto('gdprConsents').values({ userId: studentLogin.userId, code: 'MARKETING', consent: true }).execute();
    const seen = await ctx.app.inject({ url: `/api/students/getbyid?id=${mine.studentId}`, headers });
    expect(seen.statusCode).toBe(200);
    // Contact details yes; the student's consents and the office notes no.
    expect(seen.json()).toMatchObject({ email: mine.email, consents: [], notes: null });
    const notYours = await ctx.app.inject({ url: `/api/students/getbyid?id=${notMine.studentId}`, headers });
    const missing = await ctx.app.inject({ url: '/api/students/getbyid?id=999999', headers });
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json()).toEqual(missing.json());
  });
});

describe('GET /api/students/GetStudentsForTeacherId', () => {
  it("lists the students of the teacher's classes only", async () => {
    const teacher = await createTeacherRecord(ctx.db);
    const other = await createTeacherRecord(ctx.db);
    const a = await createStudent(ctx.db, { lastName: 'Aardvark', companyId });
    const b = await createStudent(ctx.db, { lastName: 'Badger' });
    const c = await createStudent(ctx.db, { lastName: 'Cheetah' });
    await createClassFor(ctx.db, teacher, [a.studentId, b.studentId]);
    await createClassFor(ctx.db, other, [c.studentId]);
    const { headers } = await loginFor(ctx.app, ctx.db, 'Teacher', teacher.teacherId);

    const res = await ctx.app.inject({ url: `/api/students/GetStudentsForTeacherId?teacherId=${teacher.teacherId}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { studentId: a.studentId, firstName: 'Sam', lastName: 'Aardvark', email: a.email, mobile: null, landline: null, companyId, company: 'Acme Ltd' },
      { studentId: b.studentId, firstName: 'Sam', lastName: 'Badger', email: b.email, mobile: null, landline: null, companyId: null, company: null },
    ]);
    expect((await ctx.app.inject({ url: `/api/students/GetStudentsForTeacherId?teacherId=${other.teacherId}`, headers })).statusCode).toBe(404);
    const asAdmin = await ctx.app.inject({ url: `/api/students/GetStudentsForTeacherId?teacherId=${other.teacherId}`, headers: admin });
    expect(asAdmin.json().map((s: { studentId: number }) => s.studentId)).toEqual([c.studentId]);
  });
});
