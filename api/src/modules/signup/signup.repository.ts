import { sql } from 'kysely';
import type { Db } from '../../db/create-db.js';

/**
 * The one student with this e-mail. When several share it (imported data) nobody is found: the
 * code would otherwise go to an address that cannot say which record it claims.
 */
export async function findStudentByEmail(db: Db, email: string) {
  const rows = await db
    .selectFrom('students')
    .select(['studentId', 'firstName', 'lastName', 'email', 'userId'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .limit(2)
    .execute();
  return rows.length === 1 ? rows[0] : undefined;
}

export async function lockStudent(db: Db, studentId: number) {
  return db.selectFrom('students').select(['studentId', 'firstName', 'lastName', 'email', 'userId']).where('studentId', '=', studentId).forUpdate().executeTakeFirst();
}
