import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/database.js';

// What the dashboard's kept chart counts must hold, written here directly over the classes, courses
// and students, with none of the kept tables: classes that teach (not Archived 4 or Suspended 5) per
// London day and course subject, with their minutes; students per London month of joining.

export interface ChartCounts {
  /** 'yyyy-MM-dd|subjectId' -> [classes, minutes] */
  classes: Record<string, [number, number]>;
  /** 'yyyy-MM-01' -> students */
  students: Record<string, number>;
}

export async function chartsCountedDirectly(db: Kysely<DB>): Promise<ChartCounts> {
  const { rows: classes } = await sql<{ key: string; n: number; minutes: number }>`
    select to_char(k.starts_at at time zone 'Europe/London', 'YYYY-MM-DD') || '|' || c.subject_id as key, count(*)::int as n, sum(k.class_length)::int as minutes
    from classes k join courses c on c.course_id = k.course_id where k.status_id not in (4, 5) group by 1`.execute(db);
  const { rows: students } = await sql<{ key: string; n: number }>`
    select to_char(date_trunc('month', joined_at at time zone 'Europe/London'), 'YYYY-MM-DD') as key, count(*)::int as n from students group by 1`.execute(db);
  return { classes: Object.fromEntries(classes.map((r) => [r.key, [r.n, r.minutes]])), students: Object.fromEntries(students.map((r) => [r.key, r.n])) };
}

/** The kept counts, in the same shape (rows a change brought back to 0 left out: they count nothing). */
export async function chartsKept(db: Kysely<DB>): Promise<ChartCounts> {
  const { rows: classes } = await sql<{ key: string; n: number; minutes: number }>`
    select to_char(day, 'YYYY-MM-DD') || '|' || subject_id as key, classes as n, minutes::int as minutes
    from dashboard_class_counts where classes <> 0 or minutes <> 0`.execute(db);
  const { rows: students } = await sql<{ key: string; n: number }>`
    select to_char(month, 'YYYY-MM-DD') as key, students as n from dashboard_student_joins where students <> 0`.execute(db);
  return { classes: Object.fromEntries(classes.map((r) => [r.key, [r.n, r.minutes]])), students: Object.fromEntries(students.map((r) => [r.key, r.n])) };
}
