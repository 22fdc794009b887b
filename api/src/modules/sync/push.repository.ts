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
 * sync-client.repository bindAndLockClient). Answers how many were stored: fewer when an id is
 * already recorded, not by this client (its records were read under the same lock), so by another
 * installation.
 */
export async function recordAnswers(db: Kysely<DB>, records: NewRecord[]): Promise<number> {
  if (records.length === 0) return 0;
  // All records as one JSON parameter: the statement's text is the same for 1 or 50 records, so it
  // stays prepared, and one JSON.stringify replaces binding (and escaping) 12 values per record.
  const batch = records.map((r) => ({
    mutation_id: r.mutationId, client_id: r.clientId, user_id: r.userId, seq: r.seq, name: r.name, request_hash: r.requestHash,
    outcome: r.answer.status, result: r.answer, made_at: r.madeAt, target: r.target, version_before: r.versionBefore, version_after: r.versionAfter,
  }));
  const { rows: stored } = await sql<{ seq: number }>`
    insert into applied_mutations (mutation_id, client_id, user_id, seq, name, request_hash, outcome, result, made_at, target, version_before, version_after)
    select mutation_id, client_id, user_id, seq, name, request_hash, outcome, result, made_at, target, version_before, version_after
    from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(mutation_id uuid, client_id uuid, user_id int, seq int, name text,
      request_hash text, outcome text, result jsonb, made_at timestamptz, target text, version_before int, version_after int)
    on conflict do nothing
    returning seq`.execute(db);
  return stored.length;
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
