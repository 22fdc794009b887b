import type { PullQuery, PullResponse } from '@rollbook/shared-types/sync';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { forbidden } from '../../lib/app-error.js';
import type { Principal } from '../../plugins/auth.js';
import {
  changedCourses, changedStudents, readChangeMark, removalCandidates, removedEnrolments, removedLines, scopeClasses, studentCourseIds,
  studentsOfClasses, teacherStudents, type ChangeMark, type EnrolmentKey, type Range, type Scope,
} from './pull.repository.js';
import { readTogether } from './read-together.js';
import { decodeCursor, encodeCursor, syncWindow, windowInstants, type SyncCursor, type SyncWindow } from './sync-cursor.js';
import { bindClient, clientNeedsSeen } from './sync-client.repository.js';
import { readTeacherPull } from './teacher-pull.repository.js';
import { attendanceLines, classItems, courseItems, enrolmentsOf, planItemFetchesOnce, studentItems } from './sync-items.repository.js';

// GET /api/sync/pull. A first pull (or one whose cursor is unusable or a week past the last full
// one) answers reset: the whole window. Later pulls answer what changed since the cursor in the
// caller's scope, what left it, and what the window's move brought in or pushed out.
//
// The phone drops a removed class's register lines and a removed course's places with them.

export function scopeOf(principal: Principal): Scope {
  if (principal.teacherId !== null) return { kind: 'teacher', teacherId: principal.teacherId };
  if (principal.studentId !== null) return { kind: 'student', studentId: principal.studentId };
  throw forbidden('Only teachers and students keep data on their phone');
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];

export async function pullChanges(db: Kysely<DB>, principal: Principal, q: PullQuery, now = new Date()): Promise<PullResponse> {
  const answer = await pullAnswer(db, principal, q, now);
  return typeof answer === 'string' ? (JSON.parse(answer) as PullResponse) : answer;
}

/**
 * The answer as the route sends it: its JSON text where one statement built it (a teacher's pull
 * with a usable cursor, what phones ask all day), else the object for the response serializer.
 */
export async function pullAnswer(db: Kysely<DB>, principal: Principal, q: PullQuery, now = new Date()): Promise<PullResponse | string> {
  const scope = scopeOf(principal);
  const window = syncWindow(now, q.weeksBack, q.weeksAhead);
  const given = decodeCursor(q.since, principal.userId, now);
  if (scope.kind === 'teacher' && given) {
    const answer = await teacherPullText(db, principal, scope.teacherId, q.clientId, window, given, now);
    if (answer !== null) return answer;
  }
  return pullByParts(db, principal, q, now);
}

/**
 * Every pull the one statement does not answer (first pulls, students, a cursor of another epoch),
 * statement by statement. For a teacher's later pull it is the rules' other writing, which the tests
 * hold the one statement to.
 */
export async function pullByParts(db: Kysely<DB>, principal: Principal, q: PullQuery, now = new Date()): Promise<PullResponse> {
  const scope = scopeOf(principal);
  const window = syncWindow(now, q.weeksBack, q.weeksAhead);
  const given = decodeCursor(q.since, principal.userId, now);
  await bindClient(db, q.clientId, principal.userId);
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(async (trx) => {
    const mark = await readChangeMark(trx);
    // A cursor of another epoch was taken before a restore (or on the database the school moved
    // from): its marks may be ahead of this history, and rows it holds may be gone. Start again.
    const previous = given?.epoch === mark.epoch ? given : null;
    const body = await readScope(trx, scope, windowInstants(window), previous, now);
    const cursor = encodeCursor({
      userId: principal.userId, epoch: mark.epoch, seq: mark.seq, xmin: mark.xmin, window, at: now.getTime(), base: previous?.base ?? now.getTime(),
    });
    return { cursor, reset: previous === null, serverTime: now.toISOString(), window, ...body };
  });
}

/** null: the cursor is of another epoch (taken before a restore), so the pull starts again. */
async function teacherPullText(
  db: Kysely<DB>, principal: Principal, teacherId: number, clientId: string, window: SyncWindow, given: SyncCursor, now: Date,
): Promise<string | null> {
  const read = await readTeacherPull(db, {
    teacherId, since: given, window: windowInstants(window), held: windowInstants(given.window), lastAt: new Date(given.at), now, clientId,
  });
  // The installation read with the answer is the usual case: bound to the caller, seen lately.
  // Otherwise bindClient binds it, refuses another user's, or notes that it was seen.
  if (!read.client || read.client.userId !== principal.userId || clientNeedsSeen(read.client.lastSeenAt)) {
    await bindClient(db, clientId, principal.userId);
  }
  if (read.mark.epoch !== given.epoch) return null;
  const cursor = encodeCursor({ userId: principal.userId, epoch: read.mark.epoch, seq: read.mark.seq, xmin: read.mark.xmin, window, at: now.getTime(), base: given.base });
  const head = JSON.stringify({ cursor, reset: false, serverTime: now.toISOString(), window });
  return `${head.slice(0, -1)},${read.body.slice(1)}`;
}

type Body = Omit<PullResponse, 'cursor' | 'reset' | 'serverTime' | 'window'>;

async function readScope(trx: Kysely<DB>, scope: Scope, range: Range, previous: SyncCursor | null, now: Date): Promise<Body> {
  const since: ChangeMark | null = previous && { epoch: previous.epoch, seq: previous.seq, xmin: previous.xmin };
  const held = previous && windowInstants(previous.window);
  const lastAt = new Date(previous?.at ?? 0);
  const ownStudentId = scope.kind === 'student' ? scope.studentId : null;

  const classes = await scopeClasses(trx, scope, range, { since, held, lastAt, now });
  const classIds = new Set(classes.map((c) => c.classId));
  const sent = classes.filter((c) => c.send);
  const courseIds = scope.kind === 'teacher' ? unique(classes.map((c) => c.courseId)) : await studentCourseIds(trx, scope.studentId);
  const inScopeCourse = new Set(courseIds);
  // The id sets that depend only on the scope's classes and the cursor, in one statement.
  const sets = await readTogether(trx, {
    changedCourses: since ? changedCourses(courseIds, { since, lastAt, now }) : null,
    scopeStudents: scope.kind === 'teacher' ? teacherStudents(courseIds, [...classIds], since) : null,
    changedSelf: scope.kind === 'student' && since ? changedStudents([scope.studentId], since) : null,
    candidates: since && held ? removalCandidates(scope, { since, held }) : null,
    removedEnrolments: since && held ? removedEnrolments(scope, courseIds, since) : null,
    removedLines: since && held && scope.kind === 'teacher' ? removedLines([...classIds], since) : null,
  });
  const sendCourseIds = unique([
    ...(since ? sets.changedCourses.map((c) => c.courseId) : courseIds),
    ...sent.map((c) => c.courseId).filter((id) => inScopeCourse.has(id)),
  ]);

  const attendance = await attendanceLines(trx, sent.map((c) => c.classId), ownStudentId);
  const enrolments = await enrolmentsOf(trx, sendCourseIds, ownStudentId);

  const removed: Body['removed'] = { classIds: [], attendance: [], courseIds: [], enrolments: [], studentIds: [] };
  const scopeStudents = scope.kind === 'teacher'
    ? sets.scopeStudents
    : [{ studentId: scope.studentId, changed: since ? sets.changedSelf.length > 0 : true }];
  const shown = new Set([...attendance.map((a) => a.studentId), ...enrolments.map((e) => e.studentId)]);
  const studentIds = scopeStudents.filter((s) => s.changed || (scope.kind === 'teacher' && shown.has(s.studentId))).map((s) => s.studentId);

  if (since && held) {
    const gone = sets.candidates.filter((c) => !classIds.has(c.classId));
    removed.classIds = unique(gone.map((c) => c.classId));
    removed.enrolments = sets.removedEnrolments.flatMap(({ courseId, studentId }): EnrolmentKey[] => (courseId !== null && studentId !== null ? [{ courseId, studentId }] : []));
    removed.courseIds = unique([
      ...gone.map((c) => c.courseId),
      ...(scope.kind === 'student' ? removed.enrolments.map((e) => e.courseId) : []),
    ]).filter((id): id is number => id !== null && !inScopeCourse.has(id));
    if (scope.kind === 'teacher') {
      removed.attendance = sets.removedLines;
      // Students of classes handed to another teacher are not named (they are not the caller's to
      // know); the weekly full pull drops them.
      const inScope = new Set(scopeStudents.map((s) => s.studentId));
      const leaving = [
        ...removed.attendance.map((a) => a.studentId),
        ...removed.enrolments.map((e) => e.studentId),
        ...(await studentsOfClasses(trx, gone.filter((c) => c.mine).map((c) => c.classId), since)),
      ];
      removed.studentIds = unique(leaving).filter((id) => !inScope.has(id));
    }
  }

  await planItemFetchesOnce(trx);
  return {
    classes: await classItems(trx, sent.map((c) => c.classId), ownStudentId),
    attendance,
    courses: await courseItems(trx, sendCourseIds),
    enrolments,
    students: await studentItems(trx, studentIds),
    removed,
  };
}
