import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import type { TargetStep } from './mutations/mutation.js';
import type { VersionStep } from './rebase.js';

/** An answer as stored: replayed word for word to a duplicate. args are kept for the admins' audit list. */
export interface StoredAnswer {
  status: 'applied' | 'rejected' | 'conflict';
  message?: string;
  version?: number;
  server?: Record<string, unknown>;
  args?: unknown;
  /** A change of several rows (markAllAttended): each row's step, never shown to the client. */
  steps?: TargetStep[];
}

export interface MutationRecord {
  mutationId: string;
  clientId: string;
  seq: number;
  requestHash: string;
  result: StoredAnswer;
}

/** The records of these mutation ids, whichever client sent them. */
export async function findRecords(db: Kysely<DB>, mutationIds: string[]): Promise<MutationRecord[]> {
  if (mutationIds.length === 0) return [];
  const rows = await db.selectFrom('appliedMutations')
    .select(['mutationId', 'clientId', 'seq', 'requestHash', 'result'])
    // One array parameter: the same prepared statement for any number of ids.
    .where('mutationId', '=', sql<string>`any(${mutationIds}::uuid[])`)
    .execute();
  return rows.map((r) => ({ ...r, result: r.result as unknown as StoredAnswer }));
}

/**
 * The installation bound to the user on first use (as sync-client.repository bindClient) and its
 * row locked until the caller's transaction ends (an insert that meets the row updates it, which
 * locks it): the pushes of one installation run one after another, whichever connection carries
 * them. Must be the transaction's first lock. The caller refuses another user's installation.
 * In the same statement, the records of these mutation ids: one round trip for what a leg reads first.
 * The records are read in the statement's snapshot, taken before the lock was granted, so they
 * are exact only if no other push of this installation committed in between. A leg that records
 * anything moves last_seq (seqs count from 1, and last_seq only grows), so last_seq in the
 * snapshot equal to the locked row's says none did: records is null otherwise, and the caller
 * reads them again (findRecords), under the lock.
 */
export async function lockClientAndFindRecords(
  trx: Kysely<DB>, clientId: string, userId: number, mutationIds: string[],
): Promise<{ userId: number; lastSeq: number; records: MutationRecord[] | null }> {
  const { rows: [row] } = await sql<{ userId: number; lastSeq: number; seenSeq: number | null; records: MutationRecord[] }>`
    with locked as (
      insert into sync_clients as s (client_id, user_id) values (${clientId}::uuid, ${userId}::int)
      on conflict (client_id) do update set last_seen_at = now()
      returning s.user_id, s.last_seq
    )
    select l.user_id, l.last_seq,
           (select c.last_seq from sync_clients c where c.client_id = ${clientId}::uuid) as seen_seq,
           coalesce((select json_agg(json_build_object('mutationId', m.mutation_id, 'clientId', m.client_id, 'seq', m.seq,
                                                       'requestHash', m.request_hash, 'result', m.result))
                       from applied_mutations m where m.mutation_id = any(${mutationIds}::uuid[])), '[]') as records
      from locked l`.execute(trx);
  if (!row) throw new Error('locking the sync client answered no row');
  const exact = row.seenSeq === null ? row.lastSeq === 0 : row.seenSeq === row.lastSeq;
  return { userId: row.userId, lastSeq: row.lastSeq, records: exact ? row.records : null };
}

export async function seqRecorded(db: Kysely<DB>, clientId: string, seq: number): Promise<boolean> {
  const row = await db.selectFrom('appliedMutations').select('mutationId')
    .where('clientId', '=', clientId).where('seq', '=', seq).executeTakeFirst();
  return row !== undefined;
}

export interface NewRecord {
  mutationId: string;
  clientId: string;
  userId: number;
  seq: number;
  name: string;
  requestHash: string;
  answer: StoredAnswer;
  madeAt: string;
  target: string | null;
  versionBefore: number | null;
  versionAfter: number | null;
}

/**
 * Stores the answers, in the transaction that applied the changes (under the client's lock, see
 * lockClientAndFindRecords), and moves the client's last_seq to the last of them
 * in the same statement: a leg records its changes in seq order, so after its last record
 * last_seq is where the leg ends, with no statement of its own. Answers how many were stored:
 * fewer when an id is already recorded, not by this client (its records were read under the same
 * lock), so by another installation.
 */
export async function recordAnswers(db: Kysely<DB>, records: NewRecord[]): Promise<number> {
  if (records.length === 0) return 0;
  // All records as one JSON parameter: the statement's text is the same for 1 or 50 records, so it
  // stays prepared, and one JSON.stringify replaces binding (and escaping) 12 values per record.
  const batch = records.map((r) => ({
    mutation_id: r.mutationId, client_id: r.clientId, user_id: r.userId, seq: r.seq, name: r.name, request_hash: r.requestHash,
    outcome: r.answer.status, result: r.answer, made_at: r.madeAt, target: r.target, version_before: r.versionBefore, version_after: r.versionAfter,
  }));
  const last = records.reduce((max, r) => Math.max(max, r.seq), 0);
  const clientIds = [...new Set(records.map((r) => r.clientId))];
  if (clientIds.length !== 1) throw new Error('the records of one statement are of one client');
  const { rows: [row] } = await sql<{ stored: number }>`
    with stored as (
      insert into applied_mutations (mutation_id, client_id, user_id, seq, name, request_hash, outcome, result, made_at, target, version_before, version_after)
      select mutation_id, client_id, user_id, seq, name, request_hash, outcome, result, made_at, target, version_before, version_after
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(mutation_id uuid, client_id uuid, user_id int, seq int, name text,
        request_hash text, outcome text, result jsonb, made_at timestamptz, target text, version_before int, version_after int)
      on conflict do nothing
      returning seq
    ), moved as (
      update sync_clients set last_seq = ${last}::int where client_id = ${clientIds[0]}::uuid and last_seq < ${last}::int
    )
    select count(*)::int as stored from stored`.execute(db);
  return row?.stored ?? 0;
}

/** The record target of a change of several lines of one class's register (their steps are in the record). */
export const registerTarget = (classId: number): string => `register:${classId}`;

/** The record target of a change of one register line. */
export const lineTarget = (line: { classId: number; studentId: number }): string => `attendance:${line.classId}:${line.studentId}`;

/**
 * This client's recorded steps on a target from base on (see rebase.ts): its own changes of that
 * row, and the row's steps in this client's changes of several rows recorded under `group` (a
 * register line's: registerTarget of its class, for "All attended").
 */
export async function ownSteps(db: Kysely<DB>, clientId: string, target: string, base: number, group: string | null = null): Promise<VersionStep[]> {
  const rows = await db.selectFrom('appliedMutations')
    .select(['target', 'versionBefore', 'versionAfter', 'result'])
    .where('clientId', '=', clientId)
    .where((eb) => eb.or([
      eb.and([eb('target', '=', target), eb('versionBefore', '>=', base), eb('outcome', '=', 'applied')]),
      ...(group ? [eb('target', '=', group)] : []),
    ]))
    .execute();
  return rows.flatMap((r): VersionStep[] => {
    if (r.target === target) return r.versionBefore !== null && r.versionAfter !== null ? [{ versionBefore: r.versionBefore, versionAfter: r.versionAfter }] : [];
    return ((r.result as unknown as StoredAnswer).steps ?? []).filter((s) => s.target === target && s.versionBefore >= base);
  });
}

/** Keeps the record at least `days` days; last_seq lives in sync_clients, so nothing else depends on old rows. */
export async function purgeAppliedMutations(db: Kysely<DB>, days = 90): Promise<number> {
  const result = await db.deleteFrom('appliedMutations')
    .where('appliedAt', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
