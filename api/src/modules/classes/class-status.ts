import {
  OPEN_CLASS_STATUSES, RECOMPUTED_BY_MARKING_CLASS_STATUSES, SHOWN_AS_STORED_CLASS_STATUSES,
} from '@rollbook/shared-types/class-status-rules';
import { AttendanceStatus, ClassStatus } from '@rollbook/shared-types/statuses';
import { sql, type ExpressionBuilder, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/database.js';
import { literalList } from '../../db/sql-literals.js';

// The class status rules of shared-types/class-status-rules.ts as SQL, built from the same lists,
// for the queries that filter and count on them. api/test/attendance/class-status-rules.test.ts
// runs every case through both and requires the same answer.

const SHOWN_AS_STORED = literalList(SHOWN_AS_STORED_CLASS_STATUSES);
const OPEN = literalList(OPEN_CLASS_STATUSES);
const SCHEDULED = sql.lit(ClassStatus.Scheduled);
const REQUIRES_MARKING = sql.lit(ClassStatus.RequiresMarking);

/** shownClassStatus of the class row known as `alias` (default "classes"), at the moment of the query. */
export function derivedClassStatus(alias = 'classes') {
  const status = sql.ref(`${alias}.statusId`);
  const endsAt = sql.ref(`${alias}.endsAt`);
  return sql<number>`(case when ${status} in ${SHOWN_AS_STORED} then ${status} when ${endsAt} <= now() then ${REQUIRES_MARKING} else ${SCHEDULED} end)::int`;
}

/**
 * "Derived status = statusId" written so PostgreSQL can use the (status_id, ends_at) index
 * instead of evaluating the case for every class.
 */
export function derivedClassStatusIs(statusId: number, alias = 'classes'): Expression<SqlBool> {
  const status = sql.ref(`${alias}.statusId`);
  const endsAt = sql.ref(`${alias}.endsAt`);
  if (statusId === ClassStatus.Scheduled) return sql<SqlBool>`(${status} in ${OPEN} and ${endsAt} > now())`;
  if (statusId === ClassStatus.RequiresMarking) return sql<SqlBool>`(${status} in ${OPEN} and ${endsAt} <= now())`;
  return sql<SqlBool>`${status} = ${statusId}`;
}

/** Stored statuses the after-marking rule recomputes (storedStatusAfterMarking keeps the others). */
export const RECOMPUTED_BY_MARKING = literalList(RECOMPUTED_BY_MARKING_CLASS_STATUSES);

/**
 * everyoneMarked over a register's lines, from their counts: `onRegister` lines other than Not
 * enrolled, of which `pending` are Pending.
 */
export const everyoneMarkedSql = (onRegister: RawBuilder<unknown>, pending: RawBuilder<unknown>) =>
  sql<boolean>`(${onRegister} > 0 and ${pending} = 0)`;

/** storedStatusAfterMarking for a class whose stored status is one RECOMPUTED_BY_MARKING. */
export const storedStatusAfterMarkingSql = (everyone: RawBuilder<boolean>) =>
  sql<number>`case when ${everyone} then ${sql.lit(ClassStatus.Marked)} else ${SCHEDULED} end`;

/** True for a class the student is on the register of (a line other than Not enrolled). */
export function onRegisterOf(eb: ExpressionBuilder<DB, 'classes'>, studentId: number) {
  return eb.exists(
    eb.selectFrom('classAttendance as reg')
      .select(sql`1`.as('one'))
      .whereRef('reg.classId', '=', 'classes.classId')
      .where('reg.studentId', '=', studentId)
      .where('reg.statusId', '<>', AttendanceStatus.NotEnrolled),
  );
}
