import { createCompany, createCourse, createRoom, createSubjectAndLevel, createTeacherWithRate, createTeachingSetup, daysFromNow } from '../helpers/scheduling-factories.js';
import type { AccessCase, AccessContext, SignedInCaller } from './access-case.js';
import { NOT_YOURS, onlyFor } from './access-case.js';

// Courses, classes, attendance, rooms, companies, calendars and lookups. Admins reach
// everything; the demo `teacher` reaches the classes and courses they teach (teacher2 gets 404,
// exactly as for an id that does not exist); the demo `student` reaches their own classes and
// courses. Naming another teacher or student in a filter is a 403.

type Expect = Record<SignedInCaller, number | number[]>;
const ADMIN_ONLY = onlyFor('admin');
const EVERYONE = onlyFor('admin', 'teacher', 'teacher2', 'student');
/** A class or course of the demo teacher on which the demo student is enrolled. */
const TEACHER_AND_STUDENT: Expect = { admin: 200, teacher: 200, teacher2: NOT_YOURS, student: 200 };
const TEACHERS_OWN: Expect = { admin: 200, teacher: 200, teacher2: NOT_YOURS, student: 403 };
const TEACHER_NAMED: Expect = { admin: 200, teacher: 200, teacher2: 403, student: 403 };
const STUDENT_NAMED: Expect = { admin: 200, teacher: 403, teacher2: 403, student: 200 };

/** A fresh class of the demo teacher with the demo student on its register (past: can be marked). */
const lesson = (ctx: AccessContext, days = -1) => createTeachingSetup(ctx.db, { teacherId: ctx.teacherId, studentId: ctx.studentId, startsAt: daysFromNow(days) });

// Read-only cases share one such lesson, so the demo school gains one course, not dozens.
const shared = new WeakMap<AccessContext, ReturnType<typeof lesson>>();
function sharedLesson(ctx: AccessContext) {
  let found = shared.get(ctx);
  if (!found) {
    found = lesson(ctx);
    shared.set(ctx, found);
  }
  return found;
}

const get = (route: string, expect: Expect, query: (ctx: AccessContext) => string | Promise<string> = () => '', label?: string): AccessCase => ({
  method: 'GET', route, expect, ...(label ? { label } : {}),
  request: async (ctx) => ({ url: `${route}${await query(ctx)}` }),
});

const post = (route: string, expect: Expect, payload: (ctx: AccessContext) => unknown, query: (ctx: AccessContext) => string | Promise<string> = () => ''): AccessCase => ({
  method: 'POST', route, expect,
  request: async (ctx) => ({ url: `${route}${await query(ctx)}`, payload: await payload(ctx) }),
});

async function courseForm(ctx: AccessContext) {
  const { subjectId, courseLevelId } = await createSubjectAndLevel(ctx.db);
  const { companyId } = await createCompany(ctx.db);
  return {
    title: 'Access check course', description: 'Made by the access matrix', typeId: 1, subjectId, courseLevelId, companyId,
    startDateString: '1/3/2031', endDateString: '30/6/2031', duration: 10, classLengthTemplate: 60, price: 500,
  };
}

const anyRoomId = async (ctx: AccessContext) => {
  const { companyId } = await createCompany(ctx.db);
  return createRoom(ctx.db, companyId);
};

export const cases: AccessCase[] = [
  // Lookups: reference data for every signed-in user.
  ...['/api/courses/GetAllLevels', '/api/subjects/GetAll', '/api/courseTypes/getall', '/api/staticdata/getallschedules',
    '/api/staticdata/getalldayweeks', '/api/StaticData/GetAllNationalities', '/api/avatar/getall'].map((route) => get(route, EVERYONE)),

  // Courses.
  get('/api/courses/getall', ADMIN_ONLY, () => '?statusId=-1&classesRemaining=3'),
  get('/api/courses/GetById', TEACHER_AND_STUDENT, async (ctx) => `?id=${(await sharedLesson(ctx)).courseId}`),
  get('/api/courses/GetCourseByClassId', TEACHER_AND_STUDENT, async (ctx) => `?id=${(await sharedLesson(ctx)).classId}`),
  post('/api/courses/upsert', ADMIN_ONLY, courseForm),
  post('/api/courses/clone', ADMIN_ONLY, () => undefined, async (ctx) => `?id=${(await createCourse(ctx.db)).courseId}`),
  get('/api/courses/UpdateCourseStatus', ADMIN_ONLY, async (ctx) => `?courseId=${(await createCourse(ctx.db)).courseId}&courseStatusId=3`),
  get('/api/courses/GetCoursesByStudentId', STUDENT_NAMED, (ctx) => `?studentId=${ctx.studentId}&viewStatus=All`),
  get('/api/courses/GetCoursesByTeacherId', TEACHER_NAMED, (ctx) => `?teacherId=${ctx.teacherId}&viewStatus=CURRENT`),

  // Students on a course and enrolment.
  get('/api/students/GetStudentsByCourseId', TEACHERS_OWN, async (ctx) => `?id=${(await sharedLesson(ctx)).courseId}`),
  post('/api/courses/UpdateStudentStatus', ADMIN_ONLY, async (ctx) => ({
    courseId: (await createCourse(ctx.db)).courseId, students: [{ studentId: ctx.studentId, statusId: 2 }],
  })),
  get('/api/courses/DeleteStudentFromCourse', ADMIN_ONLY, async (ctx) => `?courseId=${(await lesson(ctx, 3)).courseId}&studentId=${ctx.studentId}`),

  // Attendance, registers and overrides.
  post('/api/classes/UpdateClassAttendenceMultiple', TEACHERS_OWN, async (ctx) => [{ classId: (await lesson(ctx)).classId, studentId: ctx.studentId, statusId: 2 }]),
  get('/api/students/GetStudentsByClassId', TEACHERS_OWN, async (ctx) => `?id=${(await sharedLesson(ctx)).classId}`),
  get('/api/courses/GetCourseStudentOveride', ADMIN_ONLY, async (ctx) => `?courseId=${(await sharedLesson(ctx)).courseId}&studentId=${ctx.studentId}`),
  post('/api/courses/UpdateStudentOveride', ADMIN_ONLY, async (ctx) => {
    const { courseId, classId } = await lesson(ctx);
    return { courseId, studentId: ctx.studentId, classes: [{ classId, statusId: 3 }] };
  }),

  // Classes.
  get('/api/classes/GetByFilter', EVERYONE, () => '?timePeriod=W&dateMultiplier=0', 'own classes'),
  get('/api/classes/GetByFilter', { admin: 200, teacher: 200, teacher2: 403, student: 200 }, (ctx) => `?teacherId=${ctx.teacherId}`, "naming the demo teacher"),
  get('/api/classes/GetByFilter', { admin: 200, teacher: 200, teacher2: 200, student: 200 }, (ctx) => `?studentId=${ctx.studentId}`, 'naming the demo student'),
  get('/api/classes/getbyid', TEACHER_AND_STUDENT, async (ctx) => `?id=${(await sharedLesson(ctx)).classId}`),
  get('/api/classes/GetByCourseId', TEACHER_AND_STUDENT, async (ctx) => `?id=${(await sharedLesson(ctx)).courseId}`),
  get('/api/classes/GetSeriesByCourseId', ADMIN_ONLY, async (ctx) => `?id=${(await sharedLesson(ctx)).courseId}`),
  post('/api/classes/GenerateClasses', ADMIN_ONLY, async (ctx) => {
    const { teacherId, teacherRateId } = await createTeacherWithRate(ctx.db);
    const { courseId } = await createCourse(ctx.db);
    return { courseId, teacherId, teacherRateId, time: '10:00', scheduleId: 1, startDateString: '2/3/2031', numberOfClasses: 2, classLength: 60 };
  }),
  post('/api/classes/PlanClasses', ADMIN_ONLY, async (ctx) => {
    const { teacherId, teacherRateId } = await createTeacherWithRate(ctx.db);
    const { courseId } = await createCourse(ctx.db);
    return { courseId, teacherId, teacherRateId, time: '10:00', scheduleId: 1, startDateString: '2/3/2031', numberOfClasses: 2, classLength: 60 };
  }),
  post('/api/classes/updateclass', ADMIN_ONLY, async (ctx) => ({ classId: (await lesson(ctx, 5)).classId, classLength: 45, allowClashes: true })),
  post('/api/classes/applyToSeries', ADMIN_ONLY, async (ctx) => ({ classId: (await lesson(ctx, 5)).classId, time: '07:05', allowClashes: true })),
  get('/api/classes/UpdateClassDate', TEACHERS_OWN, async (ctx) => `?classId=${(await lesson(ctx, 5)).classId}&classDate=${encodeURIComponent('3/3/2031 07:15')}&allowClashes=true`),
  get('/api/classes/UpdateClassDateToLast', TEACHERS_OWN, async (ctx) => `?classId=${(await lesson(ctx, 5)).classId}&allowClashes=true`),
  get('/api/classes/deletebyid', ADMIN_ONLY, async (ctx) => `?id=${(await lesson(ctx, 5)).classId}`),
  get('/api/classes/DeleteSeriesByClassId', ADMIN_ONLY, async (ctx) => `?id=${(await lesson(ctx, 5)).classId}`),

  // Rooms and companies: the admin's.
  get('/api/rooms/getall', ADMIN_ONLY),
  get('/api/rooms/getbyid', ADMIN_ONLY, async (ctx) => `?id=${await anyRoomId(ctx)}`),
  get('/api/rooms/getbycourseid', ADMIN_ONLY, async (ctx) => `?id=${(await sharedLesson(ctx)).courseId}`),
  get('/api/rooms/getbycompanyid', ADMIN_ONLY, async (ctx) => `?id=${(await createCompany(ctx.db)).companyId}`),
  post('/api/rooms/upsert', ADMIN_ONLY, async (ctx) => ({ name: 'Access room', companyId: (await createCompany(ctx.db)).companyId })),
  get('/api/companies/GetAll', ADMIN_ONLY),
  get('/api/companies/getbyid', ADMIN_ONLY, async (ctx) => `?id=${(await createCompany(ctx.db)).companyId}`),
  post('/api/companies/upsert', ADMIN_ONLY, () => ({
    name: 'Access Co', code: `AC${Math.random().toString(36).slice(2, 8)}`, address: '2 Low Road', town: 'Leeds', postCode: 'LS1 1AA',
    primaryContact: { name: 'Pat', jobTitle: 'Office manager' },
  })),
  get('/api/companies/delete', ADMIN_ONLY, async (ctx) => `?id=${(await createCompany(ctx.db)).companyId}`),
  get('/api/companies/GetAddressById', ADMIN_ONLY, async (ctx) => `?addressId=${(await createCompany(ctx.db)).addressId}`),
  get('/api/companies/GetAllByCompanyId', ADMIN_ONLY, async (ctx) => `?companyId=${(await createCompany(ctx.db)).companyId}&onlySecondary=true`),
  post('/api/companies/UpsertCompanyAddress', ADMIN_ONLY, async (ctx) => ({
    companyId: (await createCompany(ctx.db)).companyId, address: '3 Side Street', town: 'York', postCode: 'YO1 1AA',
  })),
  get('/api/companies/DeleteCompanyAddress', ADMIN_ONLY, async (ctx) => {
    const { companyId } = await createCompany(ctx.db);
    const { addressId } = await ctx.db.insertInto('companyAddresses').values({ companyId, address1: 'Annex', isPrimary: false }).returning('addressId').executeTakeFirstOrThrow();
    return `?addressId=${addressId}`;
  }),

  // Calendars.
  get('/api/calandar/TeacherCalandar', TEACHER_NAMED, (ctx) => `?id=${ctx.teacherId}&start=2026-01-01&end=2026-03-01`),
  get('/api/calandar/RoomCalandar', ADMIN_ONLY, async (ctx) => `?id=${await anyRoomId(ctx)}`),
  get('/api/calandar/StudentCalandar', STUDENT_NAMED, (ctx) => `?id=${ctx.studentId}`),
];
