import ical, { type VEvent } from 'node-ical';
import { beforeAll, describe, expect, it } from 'vitest';
import { ClassStatus, CourseStatus } from '@rollbook/shared-types/statuses';
import { createCast, createClass, createCompany, createCourse, createRate, createRoom, daysFromNow, enrol, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// The feed is read back with node-ical, an iCalendar parser that shares nothing with ical-generator.

const ctx = useTestApp();
let cast: Cast;
let roomName = '';
const teacherClassIds: number[] = [];
let otherTeacherClassId = 0;
let suspendedClassId = 0;
let draftCourseClassId = 0;

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
  const db = ctx.db;
  const teacherRateId = await createRate(db, cast.teacherId);
  const teacher2RateId = await createRate(db, cast.teacher2Id);
  const { companyId } = await createCompany(db);
  roomName = 'Room Thames';
  const roomId = await createRoom(db, companyId, roomName);
  const { courseId } = await createCourse(db, { companyId, title: 'ACME English B1' });
  // One class in winter (GMT) and one in summer (BST): both at 09:00 London time.
  for (const startsAt of [daysFromNow(3), new Date('2027-01-11T09:00:00Z'), new Date('2027-06-14T08:00:00Z')]) {
    teacherClassIds.push((await createClass(db, { teacherId: cast.teacherId, teacherRateId, courseId, roomId, startsAt })).classId);
  }
  suspendedClassId = (await createClass(db, { teacherId: cast.teacherId, teacherRateId, courseId, startsAt: daysFromNow(10), statusId: ClassStatus.Suspended })).classId;
  const draft = await createCourse(db, { companyId, statusId: CourseStatus.Draft });
  draftCourseClassId = (await createClass(db, { teacherId: cast.teacherId, teacherRateId, courseId: draft.courseId, startsAt: daysFromNow(4) })).classId;
  const other = await createCourse(db, { companyId, title: 'Someone else\'s course' });
  otherTeacherClassId = (await createClass(db, { teacherId: cast.teacher2Id, teacherRateId: teacher2RateId, courseId: other.courseId, startsAt: daysFromNow(5) })).classId;
  // The student is on the register of the first two of the teacher's classes and of the other teacher's one.
  await enrol(db, courseId, cast.studentId, { classIds: teacherClassIds.slice(0, 2) });
  await enrol(db, other.courseId, cast.studentId, { classIds: [otherTeacherClassId] });
});

type Caller = keyof Cast['headers'];
const call = (method: 'GET' | 'POST' | 'DELETE', caller: Caller) => ctx.app.inject({ method, url: '/api/calendar/feed', headers: cast.headers[caller] });
const newFeed = async (caller: Caller): Promise<string> => {
  const res = await call('POST', caller);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().path;
};
const fetchFeed = (path: string, headers: Record<string, string> = {}) => ctx.app.inject({ url: path, headers });
const eventsOf = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
const classIdOf = (event: VEvent) => Number(/^class-(\d+)@rollbook$/.exec(event.uid)?.[1]);

describe('calendar feeds', () => {
  it("gives a teacher's classes only, with course, room and London times, to a caller without a sign-in", async () => {
    const path = await newFeed('teacher');
    expect(path).toMatch(/^\/api\/calendar\/feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await fetchFeed(path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/London');
    const events = eventsOf(res.body);
    expect(events.map(classIdOf).sort()).toEqual([...teacherClassIds].sort());
    const winter = events.find((e) => classIdOf(e) === teacherClassIds[1])!;
    const summer = events.find((e) => classIdOf(e) === teacherClassIds[2])!;
    expect(winter.summary).toBe('ACME English B1');
    expect(winter.location).toBe(roomName);
    expect(winter.start.toISOString()).toBe('2027-01-11T09:00:00.000Z');
    expect(winter.end?.toISOString()).toBe('2027-01-11T10:00:00.000Z');
    expect(summer.start.toISOString()).toBe('2027-06-14T08:00:00.000Z');
    expect(summer.start.tz).toBe('Europe/London');
    expect(res.body).toContain('DTSTART;TZID=Europe/London:20270614T090000');
  });

  it("gives a student only the classes they are on the register of, other teachers' included", async () => {
    const events = eventsOf((await fetchFeed(await newFeed('student'))).body);
    expect(events.map(classIdOf).sort()).toEqual([...teacherClassIds.slice(0, 2), otherTeacherClassId].sort());
    expect(events.map(classIdOf)).not.toContain(suspendedClassId);
    expect(events.map(classIdOf)).not.toContain(draftCourseClassId);
  });

  it('shows a reschedule on the next fetch, under the same UID with a higher SEQUENCE, and a new ETag', async () => {
    const path = await newFeed('teacher');
    const before = await fetchFeed(path);
    const classId = teacherClassIds[1]!;
    const old = eventsOf(before.body).find((e) => classIdOf(e) === classId)!;
    const moved = await ctx.app.inject({ url: `/api/classes/UpdateClassDate?classId=${classId}&classDate=${encodeURIComponent('12/01/2027 14:30')}&allowClashes=true`, headers: cast.headers.teacher });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await fetchFeed(path, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const events = eventsOf(after.body).filter((e) => classIdOf(e) === classId);
    expect(events).toHaveLength(1);
    expect(events[0]!.start.toISOString()).toBe('2027-01-12T14:30:00.000Z');
    expect(Number(events[0]!.sequence)).toBeGreaterThan(Number(old.sequence));
  });

  it('leaves out a class once it is cancelled (deleted or suspended)', async () => {
    const path = await newFeed('teacher');
    const classId = teacherClassIds[0]!;
    await ctx.db.updateTable('classes').set({ statusId: ClassStatus.Suspended }).where('classId', '=', classId).execute();
    expect(eventsOf((await fetchFeed(path)).body).map(classIdOf)).not.toContain(classId);
    await ctx.db.updateTable('classes').set({ statusId: ClassStatus.Scheduled }).where('classId', '=', classId).execute();
    expect(eventsOf((await fetchFeed(path)).body).map(classIdOf)).toContain(classId);
  });

  it('answers a conditional request for an unchanged feed with 304 and no body', async () => {
    const path = await newFeed('teacher');
    const first = await fetchFeed(path);
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    const again = await fetchFeed(path, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('stops the old URL when a new one is made, and every URL when sharing stops', async () => {
    const old = await newFeed('teacher');
    const replacement = await newFeed('teacher');
    expect(replacement).not.toBe(old);
    expect((await fetchFeed(old)).statusCode).toBe(404);
    expect((await fetchFeed(replacement)).statusCode).toBe(200);
    const status = await call('GET', 'teacher');
    expect(status.json()).toEqual({ active: true, createdAt: expect.any(String), lastFetchedAt: expect.any(String) });
    expect((await call('DELETE', 'teacher')).json()).toEqual({ active: false, createdAt: null, lastFetchedAt: null });
    expect((await fetchFeed(replacement)).statusCode).toBe(404);
    expect((await call('GET', 'teacher')).json().active).toBe(false);
  });

  it('answers 404 to a made-up or malformed token alike, and opens nothing with a sign-in token', async () => {
    for (const file of ['A'.repeat(43) + '.ics', 'nothing', 'A'.repeat(43), '%00.ics']) {
      const res = await fetchFeed(`/api/calendar/feeds/${file}`);
      expect(res.statusCode, file).toBe(404);
      expect(res.json()).toEqual({ message: 'No such calendar feed', code: 'NOT_FOUND' });
    }
    // A JWT is longer than any path parameter the router takes (414), and would not match a hash anyway.
    const jwt = cast.headers.teacher.authorization!.replace('Bearer ', '');
    expect((await fetchFeed(`/api/calendar/feeds/${jwt}.ics`)).statusCode).toBe(414);
  });

  it('keeps only the hash of a token, and refuses feeds to an admin', async () => {
    const path = await newFeed('teacher');
    const token = /feeds\/(.+)\.ics$/.exec(path)![1]!;
    const rows = await ctx.db.selectFrom('calendarFeeds').select('tokenHash').execute();
    expect(rows.some((r) => r.tokenHash.includes(token))).toBe(false);
    expect((await call('POST', 'admin')).statusCode).toBe(403);
  });
});
