import { AUDIT_PAGE_SIZE, type AuditActor, type AuditPage } from '@rollbook/shared-types/audit';
import type { z } from 'zod';
import type { AuditListQuerySchema } from '@rollbook/shared-types/audit';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { pageInfo, pageRequest } from '../../lib/list-page.js';
import { addDays, londonDayStart } from '../../lib/london-time.js';
import { AUDIT_TABLES, listAuditActors, listAuditEntries } from './audit.repository.js';

type ParsedQuery = z.output<typeof AuditListQuerySchema>;

/** A page of the trail, newest change first; from/to are whole London days. */
export async function getAuditPage(db: Kysely<DB>, q: ParsedQuery): Promise<AuditPage> {
  const p = pageRequest(q, { sort: 'occurredAt', naturalDir: { occurredAt: 'desc', appliedAt: 'desc' }, pageSize: AUDIT_PAGE_SIZE });
  const { entries, total } = await listAuditEntries(db, {
    userId: q.userId,
    table: q.recordType ? AUDIT_TABLES[q.recordType] : undefined,
    recordId: q.recordId,
    from: q.from ? londonDayStart(q.from) : undefined,
    to: q.to ? londonDayStart(addDays(q.to, 1)) : undefined,
  }, { sort: p.sort, dir: p.dir, limit: p.pageSize, offset: p.offset });
  return { entries, ...pageInfo(p, total) };
}

export const getAuditActors = (db: Kysely<DB>): Promise<AuditActor[]> => listAuditActors(db);

