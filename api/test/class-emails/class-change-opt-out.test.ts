import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.js';
import { createTeacherRecord, loginFor } from '../helpers/people-factories.js';
import { createCompany } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// The class-change e-mail opt-out: the student's own switch, the office's field on the student
// form, and who may touch which.

const ctx = useTestApp();
let admin: { authorization: string };
let companyId: number;

beforeAll(async () => {
  admin = (await loginFor(ctx.app, ctx.db, 'CompanyAdmin', null)).headers;
  companyId = (await createCompany(ctx.db, { name: 'Acme Ltd' })).companyId;
});

const upsert = (payload: object, headers: Record<string, string> = admin) => ctx.app.inject({ method: 'POST', url: '/api/students/upsert', payload, headers });
const student = (overrides: object = {}) => ({ firstName: 'Maria', lastName: 'Lopez', email: `maria.${Math.random().toString(36).slice(2, 8)}@example.test`, companyId, ...overrides });
const setting = async (studentId: number) =>
  (await ctx.db.selectFrom('students').select('classChangeEmails').where('studentId', '=', studentId).executeTakeFirstOrThrow()).classChangeEmails;

async function signedInStudent() {
  const { studentId } = await createStudent(ctx.db);
  return { studentId, headers: (await loginFor(ctx.app, ctx.db, 'Student', studentId)).headers };
}

describe('the office sets class-change e-mails on the student form', () => {
  it('turns them on for a new student unless told otherwise, and keeps them when a save leaves the field out', async () => {
    const created = (await upsert(student())).json();
    expect(created.classChangeEmails).toBe(true);
    const off = await upsert(student({ studentId: created.studentId, email: created.email, classChangeEmails: false }));
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().classChangeEmails).toBe(false);
    const resaved = await upsert(student({ studentId: created.studentId, email: created.email, firstName: 'María' }));
    expect(resaved.json()).toMatchObject({ firstName: 'María', classChangeEmails: false });
    expect((await ctx.app.inject({ url: `/api/students/getbyid?id=${created.studentId}`, headers: admin })).json().classChangeEmails).toBe(false);
  });

  it('creates a student with them off when the form says so', async () => {
    expect((await upsert(student({ classChangeEmails: false }))).json().classChangeEmails).toBe(false);
  });

  it('refuses a value that is not true or false with 400 and saves nothing', async () => {
    const created = (await upsert(student())).json();
    const res = await upsert(student({ studentId: created.studentId, email: created.email, firstName: 'Changed', classChangeEmails: 'no' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('classChangeEmails must be true or false');
    expect(await setting(created.studentId)).toBe(true);
    expect((await ctx.app.inject({ url: `/api/students/getbyid?id=${created.studentId}`, headers: admin })).json().firstName).toBe('Maria');
  });

  it('does not let a teacher or a student change it through the student form', async () => {
    const me = await signedInStudent();
    const { teacherId } = await createTeacherRecord(ctx.db);
    const teacher = (await loginFor(ctx.app, ctx.db, 'Teacher', teacherId)).headers;
    for (const headers of [teacher, me.headers]) {
      const res = await upsert(student({ studentId: me.studentId, classChangeEmails: false }), headers);
      expect(res.statusCode).toBe(403);
    }
    expect(await setting(me.studentId)).toBe(true);
  });
});

describe("a student's own class-change e-mails", () => {
  it('shows them on by default and lets the student turn them off and on again', async () => {
    const me = await signedInStudent();
    expect((await ctx.app.inject({ url: '/api/users/GetClassChangeEmails', headers: me.headers })).json()).toEqual({ classChangeEmails: true });
    const off = await ctx.app.inject({ method: 'POST', url: '/api/users/UpdateClassChangeEmails', headers: me.headers, payload: { classChangeEmails: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ classChangeEmails: false });
    expect(await setting(me.studentId)).toBe(false);
    expect((await ctx.app.inject({ url: '/api/users/GetClassChangeEmails', headers: me.headers })).json()).toEqual({ classChangeEmails: false });
    await ctx.app.inject({ method: 'POST', url: '/api/users/UpdateClassChangeEmails', headers: me.headers, payload: { classChangeEmails: true } });
    expect(await setting(me.studentId)).toBe(true);
  });

  it("changes only the caller's own setting", async () => {
    const me = await signedInStudent();
    const other = await signedInStudent();
    await ctx.app.inject({ method: 'POST', url: '/api/users/UpdateClassChangeEmails', headers: me.headers, payload: { classChangeEmails: false } });
    expect(await setting(other.studentId)).toBe(true);
  });

  it('refuses a missing or wrong value with 400', async () => {
    const me = await signedInStudent();
    for (const payload of [{}, { classChangeEmails: 'off' }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/users/UpdateClassChangeEmails', headers: me.headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('classChangeEmails must be true or false');
    }
    expect(await setting(me.studentId)).toBe(true);
  });

  it('is for students only: a teacher or an admin gets 403, no sign-in 401', async () => {
    const { teacherId } = await createTeacherRecord(ctx.db);
    const teacher = (await loginFor(ctx.app, ctx.db, 'Teacher', teacherId)).headers;
    for (const headers of [teacher, admin]) {
      expect((await ctx.app.inject({ url: '/api/users/GetClassChangeEmails', headers })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/users/UpdateClassChangeEmails', headers, payload: { classChangeEmails: false } })).statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/api/users/UpdateClassChangeEmails', payload: { classChangeEmails: false } })).statusCode).toBe(401);
  });
});
