import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { DB } from '../../db/database.js';

// The spec's "series status" of a class, derived at the moment of the query. Stored values record
// what people and settlement decided (0, 3 Marked, 4, 5, 6 Paid) and are shown as they are;
// otherwise the clock decides: 2 Requires marking once the class has ended, else 1 Scheduled.
// This is the only place that rule is written.

const STORED_AS_IS = sql.raw('(0, 3, 4, 5, 6)');

/** Derived status of the class row known as `alias` (default "classes"). */
export function derivedClassStatus(alias = 'classes') {
  const status = sql.ref(`${alias}.statusId`);
  const endsAt = sql.ref(`${alias}.endsAt`);
  return sql<number>`(case when ${status} in ${STORED_AS_IS} then ${status} when ${endsAt} <= now() then 2 else 1 end)::int`;
}

/**
 * "Derived status = statusId" written so PostgreSQL can use the (status_id, ends_at) index
 * instead of evaluating the case for every class.
 */
export function derivedClassStatusIs(statusId: number, alias = 'classes'): Expression<SqlBool> {
  const status = sql.ref(`${alias}.statusId`);
  const endsAt = sql.ref(`${alias}.endsAt`);
  if (statusId === 1) return sql<SqlBool>`(${status} in (1, 2) and ${endsAt} > now())`;
  if (statusId === 2) return sql<SqlBool>`(${status} in (1, 2) and ${endsAt} <= now())`;
  return sql<SqlBool>`${status} = ${statusId}`;
}

/** Marked or Paid: such classes are no longer edited, moved or deleted. */
export const isLockedStatus = (storedStatusId: number): boolean => storedStatusId === 3 || storedStatusId === 6;

/** True for a class the student is on the register of (a line other than 0 "not enrolled"). */
export function onRegisterOf(eb: ExpressionBuilder<DB, 'classes'>, studentId: number) {
  return eb.exists(
    eb.selectFrom('classAttendance as reg')
      .select(sql`1`.as('one'))
      .whereRef('reg.classId', '=', 'classes.classId')
      .where('reg.studentId', '=', studentId)
      .where('reg.statusId', '<>', 0),
  );
}
