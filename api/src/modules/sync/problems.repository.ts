import type { SyncProblem, SyncProblemList, SyncProblemListQuery } from '@rollbook/shared-types/sync';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import type { StoredAnswer } from './push.repository.js';

/** Offline changes the server refused or found in conflict, newest answer first (admins' audit list). */
export async function listSyncProblems(db: Kysely<DB>, q: SyncProblemListQuery): Promise<SyncProblemList> {
  const rows = await db.selectFrom('appliedMutations as am')
    .innerJoin('users as u', 'u.userId', 'am.userId')
    .select([
      'am.mutationId', 'am.clientId', 'am.userId', 'am.name', 'am.outcome', 'am.result', 'am.madeAt', 'am.appliedAt',
      sql<string>`u.first_name || ' ' || u.last_name`.as('user'),
      sql<number>`count(*) over ()`.as('fullCount'),
    ])
    .where('am.outcome', '<>', 'applied')
    .orderBy('am.appliedAt', 'desc').orderBy('am.mutationId')
    .limit(q.pageSize).offset((q.page - 1) * q.pageSize)
    .execute();
  const problems: SyncProblem[] = rows.map((r) => {
    const answer = r.result as unknown as StoredAnswer;
    return {
      mutationId: r.mutationId, clientId: r.clientId, userId: r.userId, user: r.user, name: r.name, args: answer.args ?? null,
      outcome: r.outcome as SyncProblem['outcome'], message: answer.message ?? null,
      madeAt: r.madeAt ? r.madeAt.toISOString() : null, appliedAt: r.appliedAt.toISOString(),
    };
  });
  return { problems, total: Number(rows[0]?.fullCount ?? 0), page: q.page, pageSize: q.pageSize };
}
