import type { Kysely } from 'kysely';
import { auditFunction } from './2026_11_27_140000_audit_trail.js';

// The audit trail's triggers (2026_11_27_140000_audit_trail) recorded the demo and bench seeds'
// generated schools row by row as 'system' entries: ~130,000 entries and 2-3x the seed's time at
// scale 10, for rows no one changed. A transaction that sets rollbook.audit = 'off'
// (set_config(..., true), transaction-local) is left out; only the seed sets it
// (api/src/seed/demo-school.ts). Everything else, jobs and migrations included, is recorded as before.
// The function's body is stated once, in auditFunction.

export async function up(db: Kysely<any>): Promise<void> {
  await auditFunction(true).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await auditFunction(false).execute(db);
}
