import {
  classStatusAfterMarking, everyoneMarked, shownClassStatus, storedStatusAfterMarking,
} from '@rollbook/shared-types/class-status-rules';
import { AttendanceStatus as A, ClassStatus } from '@rollbook/shared-types/statuses';
import { beforeAll, describe, expect, it } from 'vitest';
import { refreshClassStatuses } from '../../src/modules/attendance/attendance.repository.js';
import { derivedClassStatus } from '../../src/modules/classes/class-status.js';
import { createStudent } from '../helpers/factories.js';
import { createCourse, createSeries, createTeacherWithRate } from '../helpers/scheduling-factories.js';
import { useTestDb } from '../helpers/test-db.js';

// The class status rules are written once in TypeScript (shared-types/class-status-rules.ts, which
// the phone runs) and run as SQL by the API for speed (classes/class-status.ts and the attendance
// repository). Every case of the rule goes through both here, and they must agree: every stored
// status, with registers of every shape, for classes that ended, are under way and are to come.

const MINUTE = 60_000;
const TIMINGS = {
  ended: { startsIn: -180 * MINUTE, ended: true },
  'under way': { startsIn: -30 * MINUTE, ended: false },
  'to come': { startsIn: 24 * 60 * MINUTE, ended: false },
} as const;
const LENGTH_MINUTES = 60;
const REGISTERS: number[][] = [
  [], [A.NotEnrolled], [A.NotEnrolled, A.NotEnrolled], [A.Pending], [A.Pending, A.Pending], [A.Attended], [A.Absent],
  [A.LateCancellation], [A.CancelledInAdvance], [A.NotStudent], [A.Attended, A.Pending], [A.Attended, A.Absent],
  [A.NotEnrolled, A.Attended], [A.NotEnrolled, A.Pending], [A.LateCancellation, A.CancelledInAdvance, A.NotStudent, A.Attended],
  [A.NotStudent, A.Pending],
];

interface Case {
  classId: number;
  stored: number;
  timing: keyof typeof TIMINGS;
  lines: number[];
}

const testDb = useTestDb();
const cases: Case[] = [];

beforeAll(async () => {
  const db = testDb.db;
  const teacher = await createTeacherWithRate(db);
  const { courseId } = await createCourse(db, { duration: 1000 });
  const students = await Promise.all([1, 2, 3, 4].map(() => createStudent(db)));
  const classSeriesId = await createSeries(db, { courseId, ...teacher, startDate: '2026-01-05', classLength: LENGTH_MINUTES });
  const { paymentHeaderId } = await db.insertInto('paymentHeaders').values({
    title: 'Class status rules', month: 1, year: 2026, revision: 1, periodEndDate: '2026-01-31', amountTotalPence: 0,
  }).returning('paymentHeaderId').executeTakeFirstOrThrow();

  const now = Date.now();
  const planned = Object.values(ClassStatus).flatMap((stored) => Object.keys(TIMINGS).flatMap((timing) =>
    REGISTERS.map((lines) => ({ stored, timing: timing as Case['timing'], lines }))));
  const rows = await db.insertInto('classes').values(planned.map((c) => {
    const startsAt = new Date(now + TIMINGS[c.timing].startsIn);
    return {
      classSeriesId, courseId, ...teacher, startsAt, endsAt: new Date(startsAt.getTime() + LENGTH_MINUTES * MINUTE), classLength: LENGTH_MINUTES,
      statusId: c.stored, paymentHeaderId: c.stored === ClassStatus.Paid ? paymentHeaderId : null,
    };
  })).returning('classId').execute();
  planned.forEach((c, i) => cases.push({ ...c, classId: (rows[i] as { classId: number }).classId }));
  await db.insertInto('classAttendance').values(cases.flatMap((c) => c.lines.map((statusId, i) => ({
    classId: c.classId, studentId: (students[i] as { studentId: number }).studentId, statusId,
  })))).execute();
});
const described = (c: Case) => `stored ${c.stored}, ${c.timing}, register [${c.lines.join(', ')}]`;

describe('the class status rules in TypeScript and in SQL', () => {
  it('covers every stored status with every register shape and timing', () => {
    expect(cases).toHaveLength(7 * 3 * REGISTERS.length);
  });

  it('show every stored class with the same status', async () => {
    const rows = await testDb.db.selectFrom('classes').select(['classId', derivedClassStatus().as('shown')])
      .where('classId', 'in', cases.map((c) => c.classId)).execute();
    const shownInSql = new Map(rows.map((r) => [r.classId, r.shown]));
    expect(cases.map((c) => [described(c), shownInSql.get(c.classId)]))
      .toEqual(cases.map((c) => [described(c), shownClassStatus(c.stored, TIMINGS[c.timing].ended)]));
  });

  it('agree on the status after marking, what is stored and whether everyone is marked', async () => {
    const answered = new Map((await refreshClassStatuses(testDb.db, cases.map((c) => c.classId))).map((r) => [r.classId, r]));
    const stored = new Map((await testDb.db.selectFrom('classes').select(['classId', 'statusId'])
      .where('classId', 'in', cases.map((c) => c.classId)).execute()).map((r) => [r.classId, r.statusId]));

    expect(cases.map((c) => ({
      case: described(c),
      shown: answered.get(c.classId)?.seriesStatusId,
      stored: stored.get(c.classId),
      allMarked: answered.get(c.classId)?.allMarked,
    }))).toEqual(cases.map((c) => ({
      case: described(c),
      shown: classStatusAfterMarking(c.stored, c.lines, TIMINGS[c.timing].ended),
      stored: storedStatusAfterMarking(c.stored, c.lines),
      allMarked: everyoneMarked(c.lines),
    })));
  });
});
