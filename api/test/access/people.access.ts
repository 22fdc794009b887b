import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/create-db.js';
import { createUser } from '../helpers/factories.js';
import type { AccessCase, AccessContext, Caller } from './access-case.js';
import { NOT_YOURS, onlyFor } from './access-case.js';

// Students, teachers, online access, notes, files, profile, sign-up and reset. The demo student is
// taught by `teacher`, not by `teacher2`. Cases that change data build a fresh target per call.

const tag = () => randomBytes(4).toString('hex');
const everyone = onlyFor('admin', 'teacher', 'teacher2', 'student');
const adminOnly = onlyFor('admin');
const USERNAMES: Record<Exclude<Caller, 'anonymous' | 'expired' | 'forged'>, string> = { admin: 'admin', teacher: 'teacher', teacher2: 'teacher2', student: 'student' };
const usernameOf = (caller: Caller) => (caller in USERNAMES ? USERNAMES[caller as keyof typeof USERNAMES] : 'admin');

async function anyCompanyId(db: Db): Promise<number> {
  return (await db.selectFrom('companies').select('companyId').orderBy('companyId').executeTakeFirstOrThrow()).companyId;
}

async function freshStudent(db: Db) {
  return db.insertInto('students').values({ firstName: 'Fresh', lastName: `Student${tag()}`, email: `fresh.${tag()}@example.test` }).returning('studentId').executeTakeFirstOrThrow();
}

async function freshTeacher(db: Db, rates = 1) {
  const { teacherId } = await db.insertInto('teachers').values({ firstName: 'Fresh', lastName: `Teacher${tag()}`, email: `t.${tag()}@example.test` }).returning('teacherId').executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let i = 0; i < rates; i++) {
    ids.push((await db.insertInto('teacherRates').values({ teacherId, description: `Rate ${i + 1}`, ratePence: 2000 + i }).returning('teacherRateId').executeTakeFirstOrThrow()).teacherRateId);
  }
  return { teacherId, rateIds: ids };
}

async function demoRateId(ctx: AccessContext): Promise<number> {
  return (await ctx.db.selectFrom('teacherRates').select('teacherRateId').where('teacherId', '=', ctx.teacherId).orderBy('teacherRateId').executeTakeFirstOrThrow()).teacherRateId;
}

/** A document of the demo student shared with everyone; its bytes are not in the store (download answers 410 to those allowed). */
async function demoStudentFile(ctx: AccessContext): Promise<number> {
  const { fileId } = await ctx.db
    .insertInto('files')
    .values({
      entityTypeId: 1, entityId: ctx.studentId, title: 'Certificate', fileType: 'Certificate', originalName: 'certificate.pdf', extension: 'pdf',
      contentType: 'application/pdf', sizeBytes: 10, storageKey: randomBytes(16).toString('hex'), sharedWith: 'Everyone',
    })
    .returning('fileId')
    .executeTakeFirstOrThrow();
  return fileId;
}

const studentCases: AccessCase[] = [
  { method: 'GET', route: '/api/students/getall', request: () => ({ url: '/api/students/getall?statusId=-1' }), expect: adminOnly },
  {
    method: 'GET', route: '/api/students/getbyid', label: 'the demo student',
    request: (ctx) => ({ url: `/api/students/getbyid?id=${ctx.studentId}` }),
    expect: { admin: 200, teacher: 200, teacher2: NOT_YOURS, student: 200 },
  },
  {
    method: 'GET', route: '/api/students/getbyid', label: 'a student in nobody’s classes',
    request: async (ctx) => ({ url: `/api/students/getbyid?id=${(await freshStudent(ctx.db)).studentId}` }),
    expect: { admin: 200, teacher: NOT_YOURS, teacher2: NOT_YOURS, student: NOT_YOURS },
  },
  {
    method: 'POST', route: '/api/students/upsert',
    request: async (ctx) => ({ url: '/api/students/upsert', payload: { firstName: 'New', lastName: `Student${tag()}`, email: `new.${tag()}@example.test`, companyId: await anyCompanyId(ctx.db) } }),
    expect: adminOnly,
  },
  {
    method: 'GET', route: '/api/students/GetStudentsForTeacherId',
    request: (ctx) => ({ url: `/api/students/GetStudentsForTeacherId?teacherId=${ctx.teacherId}` }),
    expect: { admin: 200, teacher: 200, teacher2: NOT_YOURS, student: 403 },
  },
];

const teacherCases: AccessCase[] = [
  { method: 'GET', route: '/api/teachers/getall', request: () => ({ url: '/api/teachers/getall?status=-1' }), expect: adminOnly },
  {
    method: 'GET', route: '/api/teachers/getteacherbyid',
    request: (ctx) => ({ url: `/api/teachers/getteacherbyid?id=${ctx.teacherId}` }),
    expect: { admin: 200, teacher: 200, teacher2: NOT_YOURS, student: 403 },
  },
  {
    method: 'POST', route: '/api/teachers/upsert',
    request: () => ({ url: '/api/teachers/upsert', payload: { firstName: 'New', lastName: `Teacher${tag()}`, email: `nt.${tag()}@example.test`, rates: [{ description: 'Standard', rate: 25 }] } }),
    expect: adminOnly,
  },
  {
    method: 'GET', route: '/api/teachers/GetTeachersRateByTeacherId',
    request: (ctx) => ({ url: `/api/teachers/GetTeachersRateByTeacherId?id=${ctx.teacherId}&onlyActive=true` }),
    expect: { admin: 200, teacher: 200, teacher2: NOT_YOURS, student: 403 },
  },
  {
    method: 'GET', route: '/api/teachers/CanRateBeRemoved',
    request: async (ctx) => ({ url: `/api/teachers/CanRateBeRemoved?id=${await demoRateId(ctx)}` }),
    expect: adminOnly,
  },
  {
    method: 'POST', route: '/api/teachers/DeleteRate',
    request: async (ctx) => ({ url: '/api/teachers/DeleteRate', payload: { id: (await freshTeacher(ctx.db, 2)).rateIds[1] } }),
    expect: adminOnly,
  },
  {
    method: 'GET', route: '/api/teachers/UpdateTeacherStatus',
    request: async (ctx) => ({ url: `/api/teachers/UpdateTeacherStatus?teacherId=${(await freshTeacher(ctx.db)).teacherId}&statudId=false` }),
    expect: adminOnly,
  },
];

const accessCases: AccessCase[] = [
  {
    method: 'GET', route: '/api/users/RegisterUser',
    request: async (ctx) => ({ url: `/api/users/RegisterUser?id=${(await freshTeacher(ctx.db)).teacherId}&type=2` }),
    expect: adminOnly,
  },
  {
    method: 'POST', route: '/api/users/RegisterUser',
    request: async (ctx) => ({ url: '/api/users/RegisterUser', payload: { id: (await freshStudent(ctx.db)).studentId, type: 1, password: 'chosen-password' } }),
    expect: adminOnly,
  },
  {
    method: 'GET', route: '/api/users/DeleteUser',
    request: async (ctx) => {
      const { teacherId } = await freshTeacher(ctx.db);
      const { userId } = await createUser(ctx.db, { roles: [{ name: 'Teacher', entityId: teacherId }] });
      await ctx.db.updateTable('teachers').set({ userId }).where('teacherId', '=', teacherId).execute();
      return { url: `/api/users/DeleteUser?id=${teacherId}&type=2` };
    },
    expect: adminOnly,
  },
  {
    method: 'POST', route: '/api/users/PasswordResetRequest', public: true,
    request: () => ({ url: '/api/users/PasswordResetRequest', payload: { email: `nobody.${tag()}@example.test` } }),
    expect: everyone,
  },
  {
    method: 'POST', route: '/api/users/ResetPassword', public: true,
    // A wrong code for every caller: answered 200 with result 2.
    request: () => ({ url: '/api/users/ResetPassword', payload: { email: `nobody.${tag()}@example.test`, code: '123456', password: 'long-enough-1' } }),
    expect: everyone,
  },
  {
    method: 'GET', route: '/api/signup/GetStudentByEmail', public: true,
    request: () => ({ url: `/api/signup/GetStudentByEmail?email=nobody.${tag()}@example.test` }),
    expect: everyone,
  },
  {
    method: 'POST', route: '/api/signup/SendCode', public: true,
    request: async (ctx) => {
      const { studentId } = await freshStudent(ctx.db);
      const { email } = await ctx.db.selectFrom('students').select('email').where('studentId', '=', studentId).executeTakeFirstOrThrow();
      return { url: '/api/signup/SendCode', payload: { email } };
    },
    expect: everyone,
  },
  {
    method: 'POST', route: '/api/signup/Register', public: true,
    // No code was sent to this address: every caller gets 400 'Code is incorrect'.
    request: () => ({ url: '/api/signup/Register', payload: { email: `nobody.${tag()}@example.test`, code: '123456', password: 'long-enough-1', confirmPassword: 'long-enough-1' } }),
    expect: { admin: 400, teacher: 400, teacher2: 400, student: 400 },
  },
];

const profileCases: AccessCase[] = [
  { method: 'GET', route: '/api/users/GetProfile', request: () => ({ url: '/api/users/GetProfile' }), expect: everyone },
  {
    method: 'POST', route: '/api/users/UpdateProfile', label: 'own profile, unchanged values',
    request: async (ctx, caller) => {
      const user = await ctx.db.selectFrom('users').select(['username', 'firstName', 'lastName', 'email']).where('username', '=', usernameOf(caller)).executeTakeFirstOrThrow();
      return { url: '/api/users/UpdateProfile', payload: { userName: user.username, firstName: user.firstName, lastName: user.lastName, email: user.email ?? 'x@example.test' } };
    },
    expect: everyone,
  },
  {
    method: 'POST', route: '/api/users/UpdateProfile', label: "someone else's userName",
    request: (_ctx, caller) => ({ url: '/api/users/UpdateProfile', payload: { userName: caller === 'student' ? 'teacher' : 'student', firstName: 'X', lastName: 'Y', email: 'x@example.test' } }),
    expect: { admin: 403, teacher: 403, teacher2: 403, student: 403 },
  },
  {
    method: 'POST', route: '/api/users/UpdatePassword',
    // A wrong current password (answered { isValid: false }): changing the demo passwords would end the matrix's sessions.
    request: (_ctx, caller) => ({ url: '/api/users/UpdatePassword', payload: { userName: usernameOf(caller), oldPassword: 'not-the-password', newPassword: 'another-password', confirmPassword: 'another-password' } }),
    expect: everyone,
  },
  { method: 'GET', route: '/api/users/GetGDPRConsentByUser', request: () => ({ url: '/api/users/GetGDPRConsentByUser' }), expect: everyone },
  {
    method: 'GET', route: '/api/users/GetGDPRConsentByLogin', label: 'own login',
    request: (_ctx, caller) => ({ url: `/api/users/GetGDPRConsentByLogin?login=${usernameOf(caller)}` }),
    expect: everyone,
  },
  {
    method: 'GET', route: '/api/users/GetGDPRConsentByLogin', label: "another user's login",
    request: (_ctx, caller) => ({ url: `/api/users/GetGDPRConsentByLogin?login=${caller === 'student' ? 'teacher' : 'student'}` }),
    expect: { admin: 200, teacher: NOT_YOURS, teacher2: NOT_YOURS, student: NOT_YOURS },
  },
  { method: 'GET', route: '/api/users/UpdateGDPR', request: () => ({ url: '/api/users/UpdateGDPR?GDPRCode=MARKETING&value=true' }), expect: everyone },
  // A student's own class-change e-mails: the office sets them on the student form instead.
  { method: 'GET', route: '/api/users/GetClassChangeEmails', request: () => ({ url: '/api/users/GetClassChangeEmails' }), expect: onlyFor('student') },
  {
    method: 'POST', route: '/api/users/UpdateClassChangeEmails',
    request: () => ({ method: 'POST', url: '/api/users/UpdateClassChangeEmails', payload: { classChangeEmails: true } }),
    expect: onlyFor('student'),
  },
];

const noteCases: AccessCase[] = [
  { method: 'GET', route: '/api/notes/GetNotesByTeacherId', request: () => ({ url: '/api/notes/GetNotesByTeacherId?entityTypeId=3&entityId=1' }), expect: adminOnly },
  {
    method: 'GET', route: '/api/notes/GetNotesByTeacherId', label: "notes about the teacher's own student",
    request: (ctx) => ({ url: `/api/notes/GetNotesByTeacherId?entityTypeId=1&entityId=${ctx.studentId}` }),
    expect: adminOnly,
  },
  { method: 'POST', route: '/api/notes/savenote', request: () => ({ url: '/api/notes/savenote', payload: { entityTypeId: 3, entityId: 1, title: 'Matrix', text: 'A general note' } }), expect: adminOnly },
  {
    method: 'GET', route: '/api/notes/deletenotebyid',
    request: async (ctx) => {
      const { noteId } = await ctx.db.insertInto('notes').values({ entityTypeId: 3, entityId: 1, title: 'Temp', text: 'To delete' }).returning('noteId').executeTakeFirstOrThrow();
      return { url: `/api/notes/deletenotebyid?id=${noteId}` };
    },
    expect: adminOnly,
  },
];

const fileCases: AccessCase[] = [
  {
    method: 'GET', route: '/api/files/GetFilesByStudentId',
    request: (ctx) => ({ url: `/api/files/GetFilesByStudentId?studentId=${ctx.studentId}` }),
    expect: { admin: 200, teacher: 200, teacher2: NOT_YOURS, student: 200 },
  },
  {
    method: 'GET', route: '/api/files/GetFilesByTeacherId',
    request: (ctx) => ({ url: `/api/files/GetFilesByTeacherId?teacherId=${ctx.teacherId}` }),
    expect: { admin: 200, teacher: 200, teacher2: NOT_YOURS, student: 403 },
  },
  {
    method: 'POST', route: '/api/files/Upload',
    // The matrix sends JSON: an admin passes the access check and is told to send multipart (415).
    request: (ctx) => ({ url: '/api/files/Upload', payload: { entityTypeId: 1, entityId: ctx.studentId, title: 'Not multipart' } }),
    expect: { admin: 415, teacher: 403, teacher2: 403, student: 403 },
  },
  {
    method: 'GET', route: '/api/files/Download',
    // Allowed callers reach the store, which has no bytes for this record: 410. Others: 404.
    request: async (ctx) => ({ url: `/api/files/Download?id=${await demoStudentFile(ctx)}` }),
    expect: { admin: 410, teacher: 410, teacher2: 404, student: 410 },
  },
  {
    method: 'POST', route: '/api/files/Delete',
    request: async (ctx) => ({ url: '/api/files/Delete', payload: { id: await demoStudentFile(ctx) } }),
    expect: adminOnly,
  },
];

export const cases: AccessCase[] = [...studentCases, ...teacherCases, ...accessCases, ...profileCases, ...noteCases, ...fileCases];
