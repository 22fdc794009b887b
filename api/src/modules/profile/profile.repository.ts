import { sql } from 'kysely';
import type { Db } from '../../db/create-db.js';

export async function findProfile(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['userId', 'username as userName', 'firstName', 'lastName', 'email', 'passwordHash'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function findUserIdByLogin(db: Db, login: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('userId').where(sql`lower(username)`, '=', login.toLowerCase()).executeTakeFirst();
  return row?.userId;
}

export async function updateProfile(db: Db, userId: number, values: { firstName: string; lastName: string; email: string }): Promise<void> {
  await db.updateTable('users').set({ ...values, updatedAt: sql<Date>`now()` }).where('userId', '=', userId).execute();
}
