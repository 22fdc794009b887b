import type { AuditActor, AuditEntry, AuditRecordType } from '@rollbook/shared-types/audit';
import type { SortDirection } from '@rollbook/shared-types/list-page';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';

// Reads of the audit trail (audit_entries, written only by the triggers of migration
// 2026_11_27_140000_audit_trail). There is no write here, by design.

/** The table behind each record type; the record ids are the tables' key values joined by ':'. */
export const AUDIT_TABLES: Record<AuditRecordType, string> = {
  course: 'courses',
  class: 'classes',
  enrolment: 'enrolments',
  attendance: 'class_attendance',
  teacherRate: 'teacher_rates',
  settlementReport: 'payment_headers',
  user: 'users',
  userRole: 'user_roles',
};
const RECORD_TYPES = new Map(Object.entries(AUDIT_TABLES).map(([type, table]) => [table, type as AuditRecordType]));

export interface AuditFilters {
  userId?: number | undefined;
  table?: string | undefined;
  recordId?: string | undefined;
  /** Instants: from inclusive, to exclusive. */
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface AuditPageRequest {
  sort: 'occurredAt' | 'appliedAt';
  dir: SortDirection;
  limit: number;
  offset: number;
}

const actorName = sql<string>`case when e.source = 'system' and e.actor_user_id is null then 'System'
  else coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username, '') end`;

/** One page of entries matching the filters, and how many match in all. */
export async function listAuditEntries(db: Kysely<DB>, f: AuditFilters, p: AuditPageRequest): Promise<{ entries: AuditEntry[]; total: number }> {
  const base = db.selectFrom('auditEntries as e')
    .$if(f.userId !== undefined, (q) => q.where('e.actorUserId', '=', f.userId as number))
    .$if(f.table !== undefined, (q) => q.where('e.tableName', '=', f.table as string))
    .$if(f.recordId !== undefined, (q) => q.where('e.recordId', '=', f.recordId as string))
    .$if(f.from !== undefined, (q) => q.where('e.occurredAt', '>=', f.from as Date))
    .$if(f.to !== undefined, (q) => q.where('e.occurredAt', '<', f.to as Date));
  const column = p.sort === 'appliedAt' ? sql.ref('e.applied_at') : sql.ref('e.occurred_at');
  const dir = sql.raw(p.dir);
  const counted = base.select((eb) => eb.fn.countAll<number>().as('n'));
  const rows = await base.leftJoin('users as u', 'u.userId', 'e.actorUserId')
    .select(['e.auditEntryId', 'e.actorUserId', 'e.source', 'e.tableName', 'e.recordId', 'e.action', 'e.changes', 'e.occurredAt', 'e.appliedAt', actorName.as('actorName')])
    // The total rides on the page's rows (an uncorrelated subquery, run once).
    .select(counted.as('total'))
    .orderBy(sql`${column} ${dir}, e.audit_entry_id ${dir}`)
    .limit(p.limit).offset(p.offset)
    .execute();
  // A page past the end has no row to carry the total: only then is it asked for again.
  const total = rows[0]?.total ?? (await counted.executeTakeFirstOrThrow()).n;
  return {
    total: Number(total),
    entries: rows.map((r) => ({
      auditEntryId: r.auditEntryId,
      actorUserId: r.actorUserId,
      actorName: r.actorName,
      source: r.source as AuditEntry['source'],
      recordType: RECORD_TYPES.get(r.tableName) as AuditRecordType,
      recordId: r.recordId,
      action: r.action as AuditEntry['action'],
      changes: r.changes as AuditEntry['changes'],
      occurredAt: new Date(r.occurredAt).toISOString(),
      appliedAt: new Date(r.appliedAt).toISOString(),
    })),
  };
}

/** Everyone who has made a change that is in the trail, by name. */
export async function listAuditActors(db: Kysely<DB>): Promise<AuditActor[]> {
  const rows = await db.selectFrom('users as u')
    .where(({ exists, selectFrom }) => exists(selectFrom('auditEntries as e').select(sql.lit(1).as('one')).whereRef('e.actorUserId', '=', 'u.userId')))
    .select(['u.userId', sql<string>`coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username)`.as('name')])
    .orderBy('name').orderBy('u.userId')
    .execute();
  return rows;
}
