import type { ClassItem } from '@rollbook/shared-types/classes';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { derivedClassStatus } from './class-status.js';

// The one select every class screen is built from: joins for the names, London-time strings made
// by PostgreSQL, the derived status and the register size, all in a single query.

const LONDON_START = sql`(classes.starts_at at time zone 'Europe/London')`;
const LONDON_END = sql`(classes.ends_at at time zone 'Europe/London')`;

/** Venue of a course: its company address on one line, else the defined address. */
export const courseAddressSql = sql<string | null>`coalesce(
  nullif(concat_ws(', ', company_addresses.address1, company_addresses.address2, company_addresses.town, company_addresses.post_code), ''),
  courses.defined_address)`;

/** studentId: the student whose own attendance status comes back as classStudentStatusId. */
export function selectClassItems(db: Kysely<DB>, studentId: number | null = null) {
  return db
    .selectFrom('classes')
    .innerJoin('courses', 'courses.courseId', 'classes.courseId')
    .innerJoin('subjects', 'subjects.subjectId', 'courses.subjectId')
    .innerJoin('courseLevels', 'courseLevels.courseLevelId', 'courses.courseLevelId')
    .innerJoin('courseTypes', 'courseTypes.courseTypeId', 'courses.courseTypeId')
    .innerJoin('teachers', 'teachers.teacherId', 'classes.teacherId')
    .innerJoin('teacherRates', 'teacherRates.teacherRateId', 'classes.teacherRateId')
    .leftJoin('rooms', 'rooms.roomId', 'classes.roomId')
    .leftJoin('companies', 'companies.companyId', 'courses.companyId')
    .leftJoin('companyAddresses', 'companyAddresses.addressId', 'courses.addressId')
    .select((eb) => [
      'classes.classId', 'classes.courseId', 'classes.classSeriesId', 'classes.teacherId', 'classes.teacherRateId',
      'classes.roomId', 'classes.startsAt', 'classes.endsAt', 'classes.classLength', 'classes.paymentHeaderId', 'classes.version',
      sql<string>`teachers.first_name || ' ' || teachers.last_name`.as('teacher'),
      'teacherRates.description as teacherRate',
      'rooms.name as room',
      'courses.companyId', 'companies.name as company',
      courseAddressSql.as('address'),
      'courses.definedAddress',
      sql<string>`to_char(${LONDON_START}, 'DD/MM/YYYY')`.as('classDateString'),
      sql<string>`to_char(${LONDON_START}, 'DD-Mon-YYYY')`.as('classDateMobile'),
      sql<string>`to_char(${LONDON_START}, 'FMDay')`.as('weekday'),
      sql<number>`extract(isodow from ${LONDON_START})::int`.as('dayWeekId'),
      sql<string>`to_char(${LONDON_START}, 'HH24:MI')`.as('time'),
      sql<string>`to_char(${LONDON_END}, 'HH24:MI')`.as('classEndTime'),
      'courses.title as course', 'courses.description as courseDescription', 'courses.courseStatusId',
      'courses.courseTypeId', 'courseTypes.name as courseType',
      'courses.subjectId', 'subjects.name as subject', 'subjects.color as subjectColor',
      'courses.courseLevelId', 'courseLevels.name as level',
      eb.selectFrom('classAttendance as reg').select(sql<number>`count(*)::int`.as('n'))
        .whereRef('reg.classId', '=', 'classes.classId').where('reg.statusId', '<>', 0).as('studentCount'),
      derivedClassStatus().as('seriesStatusId'),
      (studentId === null
        ? sql<number | null>`null::int`
        : eb.selectFrom('classAttendance as mine').select('mine.statusId')
          .whereRef('mine.classId', '=', 'classes.classId').where('mine.studentId', '=', studentId)
      ).as('classStudentStatusId'),
    ]);
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
