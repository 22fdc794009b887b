import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/lib/password.js';
import { seedDemoSchool, type SeedSummary } from '../../src/seed/demo-school.js';
import { createTestDb, type TestDb } from '../helpers/test-db.js';

const ZONE = 'Europe/London';
let testDb: TestDb;
let summary: SeedSummary;
let auditEntriesBefore: number;
const now = new Date();

const auditEntries = async () => Number((await testDb.db.selectFrom('auditEntries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  testDb = await createTestDb();
  auditEntriesBefore = await auditEntries();
  summary = await seedDemoSchool(testDb.db, { scale: 1, now });
});

afterAll(async () => {
  await testDb?.close();
});

const count = async (table: 'companies' | 'rooms' | 'subjects' | 'teachers' | 'students' | 'courses') => {
  const { n } = await testDb.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
};

describe('seedDemoSchool at scale 1', () => {
  it('creates the four demo sign-ins with their roles, entity links and the demo password', async () => {
    const users = await testDb.db
      .selectFrom('users').innerJoin('userRoles', 'userRoles.userId', 'users.userId')
      .select(['users.userId', 'users.username', 'users.passwordHash', 'users.email', 'users.firstName', 'userRoles.role', 'userRoles.entityId', 'userRoles.sortOrder'])
      .where('users.username', 'in', ['admin', 'teacher', 'teacher2', 'student'])
      .execute();
    const byName = Object.fromEntries(users.map((u) => [u.username, u]));
    expect(byName.admin).toMatchObject({ role: 'CompanyAdmin', entityId: null, firstName: 'Alex', email: 'admin@rollbook.test', sortOrder: 0 });
    expect(byName.teacher).toMatchObject({ role: 'Teacher', sortOrder: 0 });
    expect(byName.teacher2).toMatchObject({ role: 'Teacher', sortOrder: 0 });
    expect(byName.student).toMatchObject({ role: 'Student', sortOrder: 0 });
    for (const name of ['teacher', 'teacher2'] as const) {
      const teacher = await testDb.db.selectFrom('teachers').selectAll().where('teacherId', '=', byName[name]!.entityId!).executeTakeFirstOrThrow();
      expect(teacher.userId).toBe(byName[name]!.userId);
      expect(teacher.active).toBe(true);
    }
    const student = await testDb.db.selectFrom('students').selectAll().where('studentId', '=', byName.student!.entityId!).executeTakeFirstOrThrow();
    expect(student.userId).toBe(byName.student!.userId);
    expect(await verifyPassword('demo1234', byName.admin!.passwordHash)).toBe(true);
    expect(new Set(users.map((u) => u.passwordHash)).size).toBe(1);
    expect(summary.logins.map((l) => l.username)).toEqual(expect.arrayContaining(['admin', 'teacher', 'teacher2', 'student']));
  });

  it('has the scale-1 volumes, distinct subject colours and every course status the screens filter on', async () => {
    expect(await count('companies')).toBeGreaterThanOrEqual(3);
    expect(await count('rooms')).toBe(6);
    expect(await count('subjects')).toBe(8);
    expect(await count('teachers')).toBe(12);
    expect(await count('students')).toBe(150);
    expect(await count('courses')).toBe(40);
    const colours = await testDb.db.selectFrom('subjects').select('color').execute();
    expect(new Set(colours.map((c) => c.color.toUpperCase())).size).toBe(8);
    const statuses = await testDb.db.selectFrom('courses').select('courseStatusId').distinct().execute();
    expect(statuses.map((s) => s.courseStatusId)).toEqual(expect.arrayContaining([1, 2, 3]));
    const primaries = await testDb.db.selectFrom('companyAddresses').select('companyId').where('isPrimary', '=', true).execute();
    expect(primaries).toHaveLength(await count('companies'));
  });

  it('gives teacher and teacher2 classes this London week, an upcoming one by tomorrow, and past ones', async () => {
    const weekStart = DateTime.fromJSDate(now, { zone: ZONE }).startOf('week');
    const tomorrowEnd = DateTime.fromJSDate(now, { zone: ZONE }).plus({ days: 1 }).endOf('day');
    for (const username of ['teacher', 'teacher2']) {
      const { entityId } = await testDb.db.selectFrom('userRoles').innerJoin('users', 'users.userId', 'userRoles.userId')
        .select('entityId').where('username', '=', username).executeTakeFirstOrThrow();
      const classes = await testDb.db.selectFrom('classes').select(['startsAt', 'endsAt']).where('teacherId', '=', entityId!).execute();
      const thisWeek = classes.filter((c) => c.startsAt >= weekStart.toJSDate() && c.startsAt < weekStart.plus({ weeks: 1 }).toJSDate());
      expect(thisWeek.length, `${username} this week`).toBeGreaterThan(0);
      expect(classes.some((c) => c.startsAt > now && c.startsAt <= tomorrowEnd.toJSDate()), `${username} soon`).toBe(true);
      expect(classes.some((c) => c.endsAt <= now), `${username} past`).toBe(true);
    }
  });

  it('enrols student on at least two active courses taught by teacher', async () => {
    const rows = await testDb.db
      .selectFrom('enrolments')
      .innerJoin('courses', 'courses.courseId', 'enrolments.courseId')
      .innerJoin('userRoles as sr', (j) => j.onRef('sr.entityId', '=', 'enrolments.studentId').on('sr.role', '=', 'Student'))
      .innerJoin('users as su', (j) => j.onRef('su.userId', '=', 'sr.userId').on('su.username', '=', 'student'))
      .where('enrolments.statusId', '=', 1)
      .where('courses.courseStatusId', '=', 2)
      .where(({ exists, selectFrom }) => exists(
        selectFrom('classes').innerJoin('userRoles as tr', (j) => j.onRef('tr.entityId', '=', 'classes.teacherId').on('tr.role', '=', 'Teacher'))
          .innerJoin('users as tu', (j) => j.onRef('tu.userId', '=', 'tr.userId').on('tu.username', '=', 'teacher'))
          .whereRef('classes.courseId', '=', 'courses.courseId').select('classes.classId'),
      ))
      .select('courses.title')
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });

  it('leaves past classes both marked and waiting for marking, with registers that agree', async () => {
    const past = await testDb.db.selectFrom('classes').select(['statusId']).where('endsAt', '<=', now).execute();
    expect(past.some((c) => c.statusId === 3)).toBe(true);
    expect(past.some((c) => c.statusId === 1)).toBe(true);
    const future = await testDb.db.selectFrom('classes').select('statusId').where('endsAt', '>', now).distinct().execute();
    expect(future.map((c) => c.statusId)).toEqual([1]);
    // Marked or paid classes have no pending register line; unmarked ones have no marked line.
    const mismatched = await testDb.db
      .selectFrom('classAttendance').innerJoin('classes', 'classes.classId', 'classAttendance.classId')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([
        eb.and([eb('classes.statusId', 'in', [3, 6]), eb('classAttendance.statusId', '=', 1)]),
        eb.and([eb('classes.statusId', '=', 1), eb('classAttendance.statusId', '!=', 1)]),
      ]))
      .executeTakeFirstOrThrow();
    expect(Number(mismatched.n)).toBe(0);
    const unmarkedForTeacher = await testDb.db.selectFrom('classes').innerJoin('teachers', 'teachers.teacherId', 'classes.teacherId')
      .innerJoin('users', 'users.userId', 'teachers.userId').select('classId')
      .where('users.username', '=', 'teacher').where('classes.statusId', '=', 1).where('endsAt', '<=', now).execute();
    expect(unmarkedForTeacher.length).toBeGreaterThan(0);
  });

  it('keeps every class at its series London wall-clock time across DST, and drafts have no past classes', async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from classes c join class_series s on s.class_series_id = c.class_series_id
      where to_char(c.starts_at at time zone ${ZONE}, 'HH24:MI') <> s.start_time
         or extract(isodow from c.starts_at at time zone ${ZONE}) <> s.day_week_id`.execute(testDb.db);
    expect(rows[0]?.n).toBe(0);
    const draftPast = await testDb.db.selectFrom('classes').innerJoin('courses', 'courses.courseId', 'classes.courseId')
      .select('classId').where('courses.courseStatusId', '=', 1).where('startsAt', '<=', now).execute();
    expect(draftPast).toHaveLength(0);
  });

  it('settles only whole months with exact pence: header totals sum their lines, lines pay length × rate / 60', async () => {
    const headers = await testDb.db.selectFrom('paymentHeaders').selectAll().execute();
    expect(headers.length).toBeGreaterThan(0);
    const lines = await testDb.db.selectFrom('paymentLines')
      .innerJoin('classes', 'classes.classId', 'paymentLines.classId')
      .select(['paymentLines.paymentHeaderId', 'paymentLines.amountPence', 'paymentLines.classLength', 'paymentLines.ratePence',
        'paymentLines.classStartsAt', 'classes.statusId', 'classes.paymentHeaderId as classHeaderId'])
      .execute();
    for (const header of headers) {
      const own = lines.filter((l) => l.paymentHeaderId === header.paymentHeaderId);
      expect(header.amountTotalPence).toBe(own.reduce((sum, l) => sum + l.amountPence, 0));
      expect(own.every((l) => londonDate(l.classStartsAt) <= header.periodEndDate)).toBe(true);
    }
    for (const line of lines) {
      expect(line.amountPence).toBe(Math.round((line.classLength * line.ratePence) / 60));
      expect(line.statusId).toBe(6);
      expect(line.classHeaderId).toBe(line.paymentHeaderId);
    }
    const paidWithoutLine = await testDb.db.selectFrom('classes').leftJoin('paymentLines', 'paymentLines.classId', 'classes.classId')
      .select('classes.classId').where('classes.statusId', '=', 6).where('paymentLines.paymentLineId', 'is', null).execute();
    expect(paidWithoutLine).toHaveLength(0);
    const unpaidMarked = await testDb.db.selectFrom('classes').select('classId').where('statusId', '=', 3).execute();
    expect(unpaidMarked.length).toBeGreaterThan(20);
  });

  it('writes nothing to the audit trail: a generated school is not a change anyone made', async () => {
    expect(summary.counts.courses).toBeGreaterThan(0);
    expect(await auditEntries()).toBe(auditEntriesBefore);
  });

  it('moves identity sequences past the seeded ids so the app can insert', async () => {
    const inserted = await testDb.db.insertInto('subjects').values({ name: 'Portuguese', color: '#123456' }).returning('subjectId').executeTakeFirstOrThrow();
    expect(inserted.subjectId).toBe(9);
    const course = await testDb.db.insertInto('notes').values({ entityTypeId: 3, entityId: 1, text: 'After the seed' }).returning('noteId').executeTakeFirstOrThrow();
    expect(course.noteId).toBe(summary.counts.notes + 1);
  });

  it('refuses to seed a database that already has users', async () => {
    await expect(seedDemoSchool(testDb.db, { scale: 1, now })).rejects.toThrow(/empty database/);
  });
});

function londonDate(instant: Date): string {
  return DateTime.fromJSDate(instant, { zone: ZONE }).toISODate() as string;
}
