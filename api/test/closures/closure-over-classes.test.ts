import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { londonDate, londonInstant, londonTime } from '../../src/lib/london-time.js';
import { createStudent } from '../helpers/factories.js';
import {
  createCast, createClass, createClasses, createCourse, createRoom, createTeacherWithRate, enrol, markPaid, type Cast,
} from '../helpers/scheduling-factories.js';
import { hoursFromNow, newClasses, newCourse, newTeacher, pull } from '../helpers/sync-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// Adding a closure that falls on classes already scheduled: the admin sees them, chooses for each
// to move it to the end of its course or cancel it, and the closure and every choice are saved
// together or not at all. Marked and Paid classes are never moved.

const ctx = useTestApp();
let cast: Cast;

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
});

const post = (url: string, payload: Record<string, unknown>, headers = cast.headers.admin) => ctx.app.inject({ method: 'POST', url, headers, payload });
const preview = (payload: Record<string, unknown>, headers = cast.headers.admin) => post('/api/closures/preview', payload, headers);
const save = (payload: Record<string, unknown>, headers = cast.headers.admin) => post('/api/closures/upsert', payload, headers);

/** Tuesdays of 2031 from 7 January: no bank holiday is near them, and each test takes weeks of its own. */
let nextWeek = 0;
const tuesday = (week: number) => londonDateOf(londonInstant('2031-01-07', '10:00').getTime() + week * 7 * 86_400_000);
const londonDateOf = (ms: number) => londonDate(new Date(ms));
const dmyOf = (iso: string) => `${Number(iso.slice(8, 10))}/${Number(iso.slice(5, 7))}/${iso.slice(0, 4)}`;
const shown = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * A course of `weeks` weekly classes (Tuesdays 10:00, one series, a teacher of their own) in weeks
 * no other test uses, with two students (with e-mail addresses) on every class.
 */
async function weeklyCourse(o: { weeks: number; duration?: number; roomId?: number | null; teacher?: { teacherId: number; teacherRateId: number } }) {
  const first = nextWeek;
  nextWeek += o.weeks + 6;
  const teacher = o.teacher ?? (await createTeacherWithRate(ctx.db));
  const { courseId } = await createCourse(ctx.db, { duration: o.duration ?? 20, classLengthTemplate: 60 });
  const dates = Array.from({ length: o.weeks }, (_, i) => tuesday(first + i));
  const { classSeriesId, classIds } = await createClasses(ctx.db, {
    courseId, ...teacher, roomId: o.roomId ?? null, startTime: '10:00', starts: dates.map((date) => londonInstant(date, '10:00')),
  });
  const students = [await createStudent(ctx.db, { firstName: 'Ana' }), await createStudent(ctx.db, { firstName: 'Ben' })];
  for (const s of students) await enrol(ctx.db, courseId, s.studentId, { classIds });
  return { ...teacher, courseId, classSeriesId, classIds, dates, studentIds: students.map((s) => s.studentId), afterLast: (weeks: number) => tuesday(first + o.weeks - 1 + weeks) };
}

const classDate = async (classId: number) => {
  const row = await ctx.db.selectFrom('classes').select('startsAt').where('classId', '=', classId).executeTakeFirst();
  return row && londonDate(row.startsAt);
};
const classExists = async (classId: number) => (await classDate(classId)) !== undefined;
const count = async (table: 'closures' | 'mailOutbox' | 'auditEntries' | 'classes') =>
  Number((await ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const mailsTo = (studentId: number) => ctx.db.selectFrom('mailOutbox').select(['kind', 'subject', 'body']).where('studentId', '=', studentId).execute();

/** What a refused save must leave as it was. */
async function snapshot(classIds: number[]) {
  return {
    closures: await count('closures'), mails: await count('mailOutbox'), audit: await count('auditEntries'), classes: await count('classes'),
    dates: await Promise.all(classIds.map(classDate)),
  };
}

describe('POST /api/closures/preview', () => {
  it('lists the classes on the dates with course, date, time and teacher; Marked and Paid ones can not move; nothing is written', async () => {
    const c = await weeklyCourse({ weeks: 5 });
    await ctx.db.updateTable('classes').set({ statusId: 3 }).where('classId', '=', c.classIds[1]!).execute();
    await markPaid(ctx.db, c.classIds[2]!);
    const closures = await count('closures');
    const res = await preview({ name: 'Boiler broken', fromDateString: dmyOf(c.dates[0]!), toDateString: dmyOf(c.dates[3]!) });
    expect(res.statusCode, res.body).toBe(200);
    const teacher = await ctx.db.selectFrom('teachers').select(['firstName', 'lastName']).where('teacherId', '=', c.teacherId).executeTakeFirstOrThrow();
    const course = await ctx.db.selectFrom('courses').select('title').where('courseId', '=', c.courseId).executeTakeFirstOrThrow();
    expect(res.json()).toEqual({
      fromDate: c.dates[0], toDate: c.dates[3], fromDateString: shown(c.dates[0]!), toDateString: shown(c.dates[3]!),
      classes: c.classIds.slice(0, 4).map((classId, i) => ({
        classId, courseId: c.courseId, course: course.title, teacher: `${teacher.firstName} ${teacher.lastName}`,
        classDateString: shown(c.dates[i]!), weekday: 'Tuesday', classDatesCombined: '10:00 - 11:00', studentCount: 2,
        seriesStatusId: [1, 3, 6, 1][i], canMove: i === 0 || i === 3,
      })),
    });
    expect(await count('closures')).toBe(closures);
  });

  it('answers 400 with the field messages for a bad closure, and 403 to teachers', async () => {
    const bad = await preview({ name: '', fromDateString: '31/2/2031' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ name: ['Please enter a closure name'], fromDateString: ['Please enter the first day as d/m/yyyy'] });
    expect((await preview({ name: 'Mine', fromDateString: '1/7/2031' }, cast.headers.teacher)).statusCode).toBe(403);
  });
});

describe('POST /api/closures/upsert over scheduled classes', () => {
  it('moves one class to the end of its course, past the closure itself, cancels another, and leaves a Marked one, in one save', async () => {
    const c = await weeklyCourse({ weeks: 4 });
    await ctx.db.updateTable('classes').set({ statusId: 3 }).where('classId', '=', c.classIds[1]!).execute();
    const classesBefore = await count('classes');
    // From the third class to a week past the last: the slot after the last class is shut too.
    const closure = { name: 'Refurbishment', fromDateString: dmyOf(c.dates[2]!), toDateString: dmyOf(c.afterLast(1)) };
    const listed = (await preview(closure)).json().classes as { classId: number; canMove: boolean }[];
    expect(listed.map((l) => [l.classId, l.canMove])).toEqual([[c.classIds[2], true], [c.classIds[3], true]]);

    const res = await save({ ...closure, classes: [{ classId: c.classIds[2], action: 'move' }, { classId: c.classIds[3], action: 'cancel' }] });
    expect(res.statusCode, res.body).toBe(200);
    // After the last class comes a week the closure shuts too: the moved class lands the week after.
    const landed = c.afterLast(2);
    expect(res.json()).toMatchObject({
      name: 'Refurbishment', bankHoliday: false,
      changes: [
        { classId: c.classIds[2], action: 'move', wasDateString: shown(c.dates[2]!), nowDateString: shown(landed) },
        { classId: c.classIds[3], action: 'cancel', wasDateString: shown(c.dates[3]!), nowDateString: null },
      ],
    });
    expect(await classDate(c.classIds[2]!)).toBe(landed);
    expect(londonTime((await ctx.db.selectFrom('classes').select('startsAt').where('classId', '=', c.classIds[2]!).executeTakeFirstOrThrow()).startsAt)).toBe('10:00');
    expect(await classExists(c.classIds[3]!)).toBe(false);
    expect(await classDate(c.classIds[1]!)).toBe(c.dates[1]); // Marked: untouched
    expect(await count('classes')).toBe(classesBefore - 1);
    const closures = (await ctx.app.inject({ url: '/api/closures/getall', headers: cast.headers.admin })).json() as { closureId: number; name: string }[];
    expect(closures.some((x) => x.closureId === res.json().closureId && x.name === 'Refurbishment')).toBe(true);
  });

  it('queues one e-mail per student listing the moved and the cancelled class, and the audit trail records both as the admin', async () => {
    const c = await weeklyCourse({ weeks: 3 });
    const res = await save({
      name: 'Flood', fromDateString: dmyOf(c.dates[0]!), toDateString: dmyOf(c.dates[1]!),
      classes: [{ classId: c.classIds[0], action: 'move' }, { classId: c.classIds[1], action: 'cancel' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const studentId of c.studentIds) {
      const mails = await mailsTo(studentId);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.kind).toBe('class-change');
      expect(mails[0]!.body).toContain(shown(c.dates[0]!));
      expect(mails[0]!.body).toContain('cancelled');
      expect(mails[0]!.body).toContain(shown(c.afterLast(1)));
    }
    const audit = await ctx.db.selectFrom('auditEntries').select(['tableName', 'recordId', 'action', 'source', 'actorUserId'])
      .where('tableName', '=', 'classes').where('recordId', 'in', [String(c.classIds[0]), String(c.classIds[1])])
      .where('action', '<>', 'insert').orderBy('auditEntryId').execute();
    expect(audit.map((a) => [a.recordId, a.action, a.source])).toEqual([[String(c.classIds[0]), 'update', 'web'], [String(c.classIds[1]), 'delete', 'web']]);
    expect(audit.every((a) => a.actorUserId !== null)).toBe(true);
  });

  it("refuses a move past the course's minutes with the spec's message, and writes nothing", async () => {
    // Two classes of 60 minutes bought, three generated: the course is already 60 minutes over.
    const c = await weeklyCourse({ weeks: 3, duration: 2 });
    const before = await snapshot(c.classIds);
    const res = await save({ name: 'Snow day', fromDateString: dmyOf(c.dates[0]!), classes: [{ classId: c.classIds[0], action: 'move' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Not enough minutes remaining', code: 'NOT_ENOUGH_MINUTES' });
    expect(await snapshot(c.classIds)).toEqual(before);
  });

  it("moves within the minutes a cancellation of the same course frees", async () => {
    const c = await weeklyCourse({ weeks: 3, duration: 2 });
    const res = await save({
      name: 'Strike', fromDateString: dmyOf(c.dates[0]!), toDateString: dmyOf(c.dates[1]!),
      classes: [{ classId: c.classIds[0], action: 'move' }, { classId: c.classIds[1], action: 'cancel' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await classDate(c.classIds[0]!)).toBe(c.afterLast(1));
    expect(await classExists(c.classIds[1]!)).toBe(false);
  });

  it('never moves or cancels a Marked or Paid class: choosing one is refused and nothing is written', async () => {
    const c = await weeklyCourse({ weeks: 3 });
    await ctx.db.updateTable('classes').set({ statusId: 3 }).where('classId', '=', c.classIds[0]!).execute();
    await markPaid(ctx.db, c.classIds[1]!);
    const closure = { name: 'Open day', fromDateString: dmyOf(c.dates[0]!), toDateString: dmyOf(c.dates[1]!) };
    const before = await snapshot(c.classIds);
    for (const [classId, action] of [[c.classIds[0], 'move'], [c.classIds[1], 'cancel']] as const) {
      const res = await save({ ...closure, classes: [{ classId, action }] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Marked or paid classes can not be changed', code: 'CLASS_LOCKED' });
    }
    expect(await snapshot(c.classIds)).toEqual(before);
    // With nothing to choose the closure is saved and both stay where they are.
    const saved = await save(closure);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().changes).toEqual([]);
    expect(await Promise.all(c.classIds.map(classDate))).toEqual(c.dates);
  });

  it('asks for a choice for every class that can move (409), and refuses choices for classes not on the dates', async () => {
    const c = await weeklyCourse({ weeks: 2 });
    const other = await weeklyCourse({ weeks: 1 });
    const before = await snapshot(c.classIds);
    const closure = { name: 'Inset day', fromDateString: dmyOf(c.dates[0]!) };
    const none = await save(closure);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'CLOSURE_CLASSES', message: 'Please choose to move to the end or cancel each class on these dates' });
    const stale = await save({ ...closure, classes: [{ classId: c.classIds[0], action: 'move' }, { classId: other.classIds[0], action: 'cancel' }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('The classes on these dates have changed since they were listed: please look at them again');
    expect(await snapshot(c.classIds)).toEqual(before);
    expect(await classExists(other.classIds[0]!)).toBe(true);
  });

  it('answers 400 for bad choices', async () => {
    const c = await weeklyCourse({ weeks: 1 });
    const closure = { name: 'Typo', fromDateString: dmyOf(c.dates[0]!) };
    expect((await save({ ...closure, classes: [{ classId: c.classIds[0], action: 'delete' }] })).statusCode).toBe(400);
    expect((await save({ ...closure, classes: [{ classId: c.classIds[0], action: 'move' }, { classId: c.classIds[0], action: 'cancel' }] })).statusCode).toBe(400);
    expect((await save({ ...closure, classes: [{ classId: 0, action: 'move' }] })).statusCode).toBe(400);
    expect((await save({ ...closure, classes: 'all' })).statusCode).toBe(400);
    expect(await classDate(c.classIds[0]!)).toBe(c.dates[0]);
  });

  it('refuses teachers and students, and writes nothing for them', async () => {
    const c = await weeklyCourse({ weeks: 1 });
    const before = await snapshot(c.classIds);
    for (const headers of [cast.headers.teacher, cast.headers.student]) {
      expect((await save({ name: 'Not mine', fromDateString: dmyOf(c.dates[0]!), classes: [{ classId: c.classIds[0], action: 'cancel' }] }, headers)).statusCode).toBe(403);
    }
    expect(await snapshot(c.classIds)).toEqual(before);
  });

  it('answers a double booking at the new time with 409 and the clashes, writing nothing, and goes ahead when allowed', async () => {
    const { companyId } = await createCourse(ctx.db);
    const roomId = await createRoom(ctx.db, companyId as number);
    const c = await weeklyCourse({ weeks: 2, roomId });
    // Another course holds the room where the moved class would land.
    const otherTeacher = await createTeacherWithRate(ctx.db);
    const { courseId: otherCourse } = await createCourse(ctx.db);
    await createClass(ctx.db, { courseId: otherCourse, ...otherTeacher, roomId, startsAt: londonInstant(c.afterLast(1), '10:30') });
    const closure = { name: 'Gas leak', fromDateString: dmyOf(c.dates[0]!), classes: [{ classId: c.classIds[0], action: 'move' }] };
    const before = await snapshot(c.classIds);
    const clash = await save(closure);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'CLASH', clashes: [{ kind: 'room', courseId: otherCourse, classDateString: shown(c.afterLast(1)) }] });
    expect(await snapshot(c.classIds)).toEqual(before);
    const allowed = await save({ ...closure, allowClashes: true });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await classDate(c.classIds[0]!)).toBe(c.afterLast(1));
  });
});

describe("a teacher's phone after a closure", () => {
  it('learns of the moved and the cancelled class on its next pull', async () => {
    const teacher = await newTeacher(ctx.app, ctx.db);
    const courseId = await newCourse(ctx.db);
    // Three weekly classes from ten days ahead, well inside the phone's window.
    const starts = [10, 17, 24].map((days) => hoursFromNow(days * 24));
    const classIds = await newClasses(ctx.db, { courseId, teacher, starts });
    const clientId = randomUUID();
    const first = await pull(ctx.app, teacher, clientId);
    expect(first.body.classes.map((x) => x.classId).sort()).toEqual([...classIds].sort());

    const day = (i: number) => dmyOf(londonDate(starts[i]!));
    const res = await save({
      name: `Closure ${randomUUID().slice(0, 6)}`, fromDateString: day(0), toDateString: day(1),
      classes: [{ classId: classIds[0], action: 'move' }, { classId: classIds[1], action: 'cancel' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const movedTo = await ctx.db.selectFrom('classes').select('startsAt').where('classId', '=', classIds[0]!).executeTakeFirstOrThrow();
    expect(movedTo.startsAt.getTime()).toBeGreaterThan(starts[2]!.getTime());

    const next = await pull(ctx.app, teacher, clientId, first.body.cursor);
    expect(next.statusCode).toBe(200);
    expect(next.body.reset).toBe(false);
    const moved = next.body.classes.find((x) => x.classId === classIds[0]);
    expect(moved?.startsAt).toBe(movedTo.startsAt.toISOString());
    expect(next.body.removed.classIds).toContain(classIds[1]);
  });
});
