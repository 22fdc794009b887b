import type { ClassItem } from '@rollbook/shared-types/classes';
import { AttendanceStatus } from '@rollbook/shared-types/statuses';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import { perDatabase } from '../../db/per-database.js';
import { derivedClassStatus } from './class-status.js';

// The one select every class screen is built from: the names, London-time strings made by
// PostgreSQL, the derived status and the register size, all in a single query.
//
// Why the names are scalar subqueries by primary key, not joins: with ten joined tables PostgreSQL
// spent 6 ms planning a teacher's week at school scale (1,200 teachers, 600 rooms) to run it in
// 0.6 ms, and the prepared statement never settled on its generic plan (that one hash-joins every
// teacher and room). As subqueries only classes and courses are joined: planning 0.9 ms, and each
// name is one index probe per class, which stays cheap for a month's 2,000 classes.

/** The class's start as London wall-clock time (what the lists show and sort by). */
export const LONDON_START = sql`(classes.starts_at at time zone 'Europe/London')`;
const LONDON_END = sql`(classes.ends_at at time zone 'Europe/London')`;

/** Venue of a course: its company address on one line, else the defined address. */
export const courseAddressSql = sql<string | null>`coalesce(
  (select nullif(concat_ws(', ', a.address1, a.address2, a.town, a.post_code), '') from company_addresses a where a.address_id = courses.address_id),
  courses.defined_address)`;

/** studentId: the student whose own attendance status comes back as classStudentStatusId. */
export function selectClassItems(db: Kysely<DB>, studentId: number | null = null) {
  if (studentId !== null) return buildClassSelect(db, studentId);
  // Kysely builders are immutable, so the forty-column select is built once per database handle
  // and each call adds its filters to a copy: building it took a twentieth of a teacher's week.
  return keptSelect(db);
}

const keptSelect = perDatabase((db) => buildClassSelect(db, null));

function buildClassSelect(db: Kysely<DB>, studentId: number | null) {
  return db
    .selectFrom('classes')
    .innerJoin('courses', 'courses.courseId', 'classes.courseId')
    .select((eb) => [
      'classes.classId', 'classes.courseId', 'classes.classSeriesId', 'classes.teacherId', 'classes.teacherRateId',
      'classes.roomId', 'classes.startsAt', 'classes.endsAt', 'classes.classLength', 'classes.paymentHeaderId', 'classes.version',
      sql<string>`(select t.first_name || ' ' || t.last_name from teachers t where t.teacher_id = classes.teacher_id)`.as('teacher'),
      sql<string>`(select r.description from teacher_rates r where r.teacher_rate_id = classes.teacher_rate_id)`.as('teacherRate'),
      sql<string | null>`(select r.name from rooms r where r.room_id = classes.room_id)`.as('room'),
      'courses.companyId', sql<string | null>`(select co.name from companies co where co.company_id = courses.company_id)`.as('company'),
      courseAddressSql.as('address'),
      'courses.definedAddress',
      sql<string>`to_char(${LONDON_START}, 'DD/MM/YYYY')`.as('classDateString'),
      sql<string>`to_char(${LONDON_START}, 'DD-Mon-YYYY')`.as('classDateMobile'),
      sql<string>`to_char(${LONDON_START}, 'FMDay')`.as('weekday'),
      sql<number>`extract(isodow from ${LONDON_START})::int`.as('dayWeekId'),
      sql<string>`to_char(${LONDON_START}, 'HH24:MI')`.as('time'),
      sql<string>`to_char(${LONDON_END}, 'HH24:MI')`.as('classEndTime'),
      'courses.title as course', 'courses.description as courseDescription', 'courses.courseStatusId',
      'courses.courseTypeId', sql<string>`(select ct.name from course_types ct where ct.course_type_id = courses.course_type_id)`.as('courseType'),
      'courses.subjectId', sql<string>`(select s.name from subjects s where s.subject_id = courses.subject_id)`.as('subject'),
      sql<string>`(select s.color from subjects s where s.subject_id = courses.subject_id)`.as('subjectColor'),
      'courses.courseLevelId', sql<string>`(select l.name from course_levels l where l.course_level_id = courses.course_level_id)`.as('level'),
      eb.selectFrom('classAttendance as reg').select(sql<number>`count(*)::int`.as('n'))
        .whereRef('reg.classId', '=', 'classes.classId').where('reg.statusId', '<>', AttendanceStatus.NotEnrolled).as('studentCount'),
      derivedClassStatus().as('seriesStatusId'),
      (studentId === null
        ? sql<number | null>`null::int`
        : eb.selectFrom('classAttendance as mine').select('mine.statusId')
          .whereRef('mine.classId', '=', 'classes.classId').where('mine.studentId', '=', studentId)
      ).as('classStudentStatusId'),
    ]);
}

/**
 * A class as the JSON text of its ClassItem, written by PostgreSQL, for the classes list (over
 * `classes` joined to `courses`): the same fields as selectClassItems and toClassItem, so that the
 * list's rows are not read into objects only to be written out again. Its subqueries run
 * only for the rows the page keeps (PostgreSQL evaluates them after the ORDER BY and LIMIT).
 */
export function classItemJson(studentId: number | null) {
  if (studentId === null) return (keptItemJson ??= buildClassItemJson(null));
  return buildClassItemJson(studentId);
}

let keptItemJson: RawBuilder<string> | undefined;

/** studentCount: the class's register lines other than Not enrolled. */
export const registerSize = sql<number>`(select count(*)::int from class_attendance reg where reg.class_id = classes.class_id and reg.status_id <> ${sql.lit(AttendanceStatus.NotEnrolled)})`;

/** An instant as JavaScript's toISOString() writes it, as toClassItem sends startsAt and endsAt. */
const isoInstant = (column: RawBuilder<unknown>) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function buildClassItemJson(studentId: number | null): RawBuilder<string> {
  const mine = studentId === null ? sql`null::int`
    : sql`(select mine.status_id from class_attendance mine where mine.class_id = classes.class_id and mine.student_id = ${studentId})`;
  // The London start and end once, for the six strings made from them; the subject once for its name and colour.
  return sql<string>`(select row_to_json(item)::text from (select
    classes.class_id as "classId", classes.course_id as "courseId", classes.class_series_id as "classSeriesId", classes.class_series_id as "seriesId",
    classes.teacher_id as "teacherId", (select t.first_name || ' ' || t.last_name from teachers t where t.teacher_id = classes.teacher_id) as "teacher",
    classes.teacher_rate_id as "teacherRateId", (select r.description from teacher_rates r where r.teacher_rate_id = classes.teacher_rate_id) as "teacherRate",
    classes.room_id as "roomId", (select r.name from rooms r where r.room_id = classes.room_id) as "room",
    courses.company_id as "companyId", (select co.name from companies co where co.company_id = courses.company_id) as "company",
    ${courseAddressSql} as "address", courses.defined_address as "definedAddress",
    ${isoInstant(sql`classes.starts_at`)} as "startsAt", ${isoInstant(sql`classes.ends_at`)} as "endsAt",
    to_char(london.starts, 'DD/MM/YYYY') as "classDateString", to_char(london.starts, 'DD-Mon-YYYY') as "classDateMobile",
    to_char(london.starts, 'FMDay') as "weekday", extract(isodow from london.starts)::int as "dayWeekId",
    to_char(london.starts, 'HH24:MI') as "time", to_char(london.starts, 'HH24:MI') as "classTime", to_char(london.ends, 'HH24:MI') as "classEndTime",
    to_char(london.starts, 'HH24:MI') || ' - ' || to_char(london.ends, 'HH24:MI') as "classDatesCombined",
    classes.class_length as "classLength", courses.title as "course", courses.description as "courseDescription", courses.course_status_id as "courseStatusId",
    courses.course_type_id as "courseTypeId", (select ct.name from course_types ct where ct.course_type_id = courses.course_type_id) as "courseType",
    courses.subject_id as "subjectId", subject.name as "subject", subject.color as "subjectColor",
    courses.course_level_id as "courseLevelId", (select l.name from course_levels l where l.course_level_id = courses.course_level_id) as "level",
    ${registerSize} as "studentCount",
    ${derivedClassStatus()} as "seriesStatusId", ${mine} as "classStudentStatusId",
    classes.payment_header_id as "paymentHeaderId", classes.version as "version"
  from (select ${LONDON_START} as starts, ${LONDON_END} as ends) london
    left join subjects subject on subject.subject_id = courses.subject_id) item)`;
}

type ClassRow = Awaited<ReturnType<ReturnType<typeof selectClassItems>['executeTakeFirstOrThrow']>>;

export function toClassItem(row: ClassRow): ClassItem {
  return {
    ...row,
    seriesId: row.classSeriesId,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    classTime: row.time,
    classDatesCombined: `${row.time} - ${row.classEndTime}`,
    studentCount: row.studentCount ?? 0,
    classStudentStatusId: row.classStudentStatusId ?? null,
  };
}
