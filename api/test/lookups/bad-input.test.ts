import { beforeAll, describe, expect, it } from 'vitest';
import { createCast, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// Nonsense in, readable 400 out: never a 500, whatever the scheduling and lookup route is sent.

const ctx = useTestApp();
let cast: Cast;

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
});

const GETS = [
  '/api/courses/getall?statusId=abc', '/api/courses/getall?classesRemaining=lots', '/api/courses/getall?expiredClasses=maybe',
  '/api/courses/GetById?id=abc', '/api/courses/GetById', '/api/courses/GetCourseByClassId?id=-1',
  '/api/courses/UpdateCourseStatus?courseId=1&courseStatusId=9', '/api/courses/GetCoursesByStudentId?studentId=1&viewStatus=Later',
  '/api/courses/GetCoursesByTeacherId?teacherId=x', '/api/courses/DeleteStudentFromCourse?courseId=1',
  '/api/courses/GetCourseStudentOveride?courseId=1&studentId=0', '/api/students/GetStudentsByCourseId?id=1&page=0',
  '/api/students/GetStudentsByClassId?id=1.5', '/api/classes/GetByFilter?dateMultiplier=1.5', '/api/classes/GetByFilter?startDate=2026-01-01',
  '/api/classes/getbyid?id=99999999999', '/api/classes/GetByCourseId?id=', '/api/classes/GetSeriesByCourseId?id=x',
  '/api/classes/UpdateClassDate?classId=1&classDate=', '/api/classes/UpdateClassDate?classId=1&classDate=1/1/2027%2009:00&classLength=0',
  '/api/classes/UpdateClassDateToLast?classId=zero', '/api/classes/deletebyid?id=0', '/api/classes/DeleteSeriesByClassId?id=-5',
  '/api/rooms/getbyid?id=a', '/api/rooms/getbycourseid', '/api/rooms/getbycompanyid?id=1,2',
  '/api/companies/getbyid?id=x', '/api/companies/delete?id=x', '/api/companies/GetAddressById?addressId=', '/api/companies/GetAllByCompanyId?companyId=1&onlySecondary=yes',
  '/api/companies/DeleteCompanyAddress?addressId=-1', '/api/calandar/TeacherCalandar?id=1&end=31/12/2026', '/api/calandar/RoomCalandar?id=x',
  '/api/calandar/StudentCalandar?id=1&start=2026-13-45',
];

const POSTS: [string, unknown][] = [
  ['/api/courses/upsert', { title: 42, duration: { lots: true } }],
  ['/api/courses/upsert', []],
  ['/api/courses/clone', {}],
  ['/api/courses/UpdateStudentStatus', { courseId: 1, students: [] }],
  ['/api/courses/UpdateStudentOveride', { courseId: 1, studentId: 1, classes: [{ classId: 'x', statusId: 1 }] }],
  ['/api/classes/GenerateClasses', { courseId: 1, teacherId: 1, teacherRateId: 1, time: '25:00', scheduleId: 1, startDateString: '1/1/2027', numberOfClasses: 0, classLength: 60 }],
  ['/api/classes/updateclass', { classId: 1, classLength: 5000 }],
  ['/api/classes/applyToSeries', { classId: 'one' }],
  ['/api/classes/UpdateClassAttendenceMultiple', { classId: 1, studentId: 1, statusId: 2 }],
  ['/api/classes/UpdateClassAttendenceMultiple', []],
  ['/api/rooms/upsert', { name: ['Room'], companyId: {} }],
  ['/api/companies/upsert', { name: 7 }],
  ['/api/companies/UpsertCompanyAddress', { companyId: 'x' }],
];

describe('bad input to the scheduling routes', () => {
  it.each(GETS)('answers GET %s with 400', async (url) => {
    const res = await ctx.app.inject({ url, headers: cast.headers.admin });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it.each(POSTS)('answers POST %s with 400 for %j', async (url, payload) => {
    const res = await ctx.app.inject({ method: 'POST', url, headers: cast.headers.admin, payload: payload as object });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('answers a body that is not JSON with 400', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/courses/upsert', headers: { ...cast.headers.admin, 'content-type': 'application/json' }, payload: '{"title":' });
    expect(res.statusCode).toBe(400);
  });
});
