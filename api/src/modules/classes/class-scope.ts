import { EnrolmentStatus } from '@rollbook/shared-types/statuses';
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../db/database.js';
import type { Principal } from '../../plugins/auth.js';
import { onRegisterOf } from './class-status.js';

// Who sees what. Admins see everything; a teacher sees the classes they teach and the courses
// those classes belong to; a student sees the classes they are on the register of and the courses
// they have a place on. Anything outside is answered exactly as if it did not exist (404).

export function classScope(principal: Principal) {
  return (eb: ExpressionBuilder<DB, 'classes'>) => {
    if (principal.isAdmin) return sql<SqlBool>`true`;
    const allowed = [];
    if (principal.teacherId !== null) allowed.push(eb('classes.teacherId', '=', principal.teacherId));
    if (principal.studentId !== null) allowed.push(onRegisterOf(eb, principal.studentId));
    return allowed.length > 0 ? eb.or(allowed) : sql<SqlBool>`false`;
  };
}

export function courseScope(principal: Principal) {
  return (eb: ExpressionBuilder<DB, 'courses'>) => {
    if (principal.isAdmin) return sql<SqlBool>`true`;
    const allowed = [];
    if (principal.teacherId !== null) {
      const teacherId = principal.teacherId;
      allowed.push(eb.exists(
        eb.selectFrom('classes as own').select(sql`1`.as('one'))
          .whereRef('own.courseId', '=', 'courses.courseId').where('own.teacherId', '=', teacherId),
      ));
    }
    if (principal.studentId !== null) {
      const studentId = principal.studentId;
      allowed.push(eb.exists(
        eb.selectFrom('enrolments as place').select(sql`1`.as('one'))
          .whereRef('place.courseId', '=', 'courses.courseId').where('place.studentId', '=', studentId).where('place.statusId', '<>', EnrolmentStatus.None),
      ));
    }
    return allowed.length > 0 ? eb.or(allowed) : sql<SqlBool>`false`;
  };
}
