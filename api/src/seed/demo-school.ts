import { sql } from 'kysely';
import type { Db } from '../db/create-db.js';
import { hashPassword } from '../lib/password.js';
import { planClasses } from './classes.js';
import { planCompaniesAndRooms } from './companies-and-rooms.js';
import { CoursePlanner } from './course-specs.js';
import { buildCourses } from './courses.js';
import { DEMO_PASSWORD, planUsers, type DemoLogin } from './demo-users.js';
import { planLookups } from './lookups.js';
import { planNotes } from './notes.js';
import { planSettlements } from './payments.js';
import { planStudents, planTeachers } from './people.js';
import { createSeedContext, SEEDED_TABLES, type SeededTable, type SeedRows } from './seed-plan.js';
import { writeRows } from './write-rows.js';

export interface SeedOptions {
  /** 1 is the demo school (150 students, 40 courses); N multiplies companies, people and courses by N. */
  scale: number;
  /** The moment the data is arranged around; defaults to the current time. */
  now?: Date;
  /** PRNG seed: the same seed, scale and now plan the same school. */
  random?: number;
}

export interface SeedSummary {
  /** Rows written per table (camelCase table names). */
  counts: Record<SeededTable, number>;
  /** Every sign-in created; all share the demo password. */
  logins: DemoLogin[];
  password: string;
}

export const DEFAULT_SEED = 20_261_122;

export interface DemoSchoolPlan {
  rows: SeedRows;
  logins: DemoLogin[];
}

/** Plans the whole school in memory (no database): the rows, with explicit ids, in insert order. */
export function planDemoSchool(options: SeedOptions, passwordHash: string): DemoSchoolPlan {
  if (!Number.isFinite(options.scale) || options.scale <= 0) throw new Error(`scale must be a positive number, got ${options.scale}`);
  const ctx = createSeedContext({ scale: options.scale, now: options.now ?? new Date(), seed: options.random ?? DEFAULT_SEED });
  const lookups = planLookups(ctx);
  const companies = planCompaniesAndRooms(ctx);
  const teachers = planTeachers(ctx, lookups);
  const students = planStudents(ctx, lookups, companies);
  const { adminUserId, logins } = planUsers(ctx, passwordHash, teachers, students);
  const specs = new CoursePlanner(ctx, lookups, companies, teachers, students).planAll();
  const series = buildCourses(ctx, lookups, specs);
  const demoTeacherIds = teachers.slice(0, 2).map((t) => t.teacherId);
  const classes = planClasses(ctx, series, adminUserId, demoTeacherIds);
  planSettlements(ctx, classes, adminUserId);
  planNotes(ctx, adminUserId);
  return { rows: ctx.rows, logins };
}

/**
 * Fills an empty, migrated database with a believable language school around `now`, in one
 * transaction: a failure leaves nothing behind, so "seed when there are no users" can simply retry.
 */
export async function seedDemoSchool(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const plan = planDemoSchool(options, passwordHash);
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (Number(existing.n) > 0) throw new Error('seedDemoSchool needs an empty database, but users already exist');
    // A generated school is not a change anyone made: the audit trail leaves this transaction out
    // (migration 2026_11_27_140100; at scale 10 it was 130,000 entries and 2-3x the seed's time).
    await sql`select set_config('rollbook.audit', 'off', true)`.execute(trx);
    await writeRows(trx, plan.rows);
  });
  const counts = Object.fromEntries(SEEDED_TABLES.map((t) => [t, plan.rows[t].length])) as Record<SeededTable, number>;
  return { counts, logins: plan.logins, password: DEMO_PASSWORD };
}
