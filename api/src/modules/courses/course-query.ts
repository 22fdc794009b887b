import type { CourseDetail } from '@rollbook/shared-types/courses';
import { showDate } from '@rollbook/shared-types/display-dates';
import { ClassStatus, COURSE_STATUS_NAMES, EnrolmentStatus, LOCKED_CLASS_STATUSES } from '@rollbook/shared-types/statuses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { literalList } from '../../db/sql-literals.js';
import { courseAddressSql } from '../classes/class-query.js';
import { derivedClassStatusIs } from '../classes/class-status.js';

// One select for every course list: the figures of spec §3/§4 come from one aggregate over the
// course's classes and one over its enrolments (lateral joins using the course_id indexes), so a
// list of thousands of courses is still a single query. classes_course_starts_idx carries every
// class column read here, so the walks over a course's classes are index-only scans.

/** Figure expressions over the lateral aggregates, shared by the select and the filters. */
export const figures = {
  durationMinutes: sql<number>`(courses.duration * courses.class_length_template)`,
  timeDiscrepancy: sql<number>`(courses.duration * courses.class_length_template - fig.total_class_length)`,
  classesRemaining: sql<number>`(courses.duration - fig.taken_place)`,
  minsRemaining: sql<number>`(courses.duration * courses.class_length_template - fig.taken_minutes)`,
  percentageComplete: sql<number>`(case when courses.duration > 0
    then least(100, greatest(0, round(100.0 * fig.taken_place / courses.duration)))::int else 0 end)`,
};

export function selectCourses(db: Kysely<DB>, studentId: number | null = null) {
  return db
    .selectFrom('courses')
    .innerJoin('subjects', 'subjects.subjectId', 'courses.subjectId')
    .innerJoin('courseLevels', 'courseLevels.courseLevelId', 'courses.courseLevelId')
    .innerJoin('courseTypes', 'courseTypes.courseTypeId', 'courses.courseTypeId')
    .leftJoin('companies', 'companies.companyId', 'courses.companyId')
    .leftJoinLateral(
      (eb) => eb.selectFrom('classes as cl')
        .select([
          sql<number>`count(*)::int`.as('totalClasses'),
          sql<number>`coalesce(sum(cl.class_length), 0)::int`.as('totalClassLength'),
          sql<number>`(count(*) filter (where cl.starts_at <= now()))::int`.as('takenPlace'),
          sql<number>`coalesce(sum(cl.class_length) filter (where cl.starts_at <= now()), 0)::int`.as('takenMinutes'),
          sql<number>`(count(*) filter (where cl.status_id in ${literalList(LOCKED_CLASS_STATUSES)}))::int`.as('markedCount'),
          sql<number>`(count(*) filter (where ${derivedClassStatusIs(ClassStatus.RequiresMarking, 'cl')}))::int`.as('classesUnmarked'),
          sql<Date | null>`max(cl.starts_at)`.as('lastClassAt'),
          // The course's teachers from the same walk over its classes, for the names below.
          sql<number[] | null>`array_agg(distinct cl.teacher_id)`.as('teacherIds'),
        ])
        .whereRef('cl.courseId', '=', 'courses.courseId')
        .as('fig'),
      (join) => join.onTrue(),
    )
    .leftJoinLateral(
      (eb) => eb.selectFrom('enrolments as en')
        .select([
          sql<number>`(count(*) filter (where en.status_id = ${sql.lit(EnrolmentStatus.Enrolled)}))::int`.as('enrolledCount'),
          sql<number>`(count(*) filter (where en.status_id = ${sql.lit(EnrolmentStatus.Enquired)}))::int`.as('enquiredCount'),
          sql<number>`(count(*) filter (where en.status_id = ${sql.lit(EnrolmentStatus.Waiting)}))::int`.as('waitingCount'),
        ])
        .whereRef('en.courseId', '=', 'courses.courseId')
        .as('enr'),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      'courses.courseId', 'courses.parentId', 'courses.title', 'courses.description', 'courses.subjectId',
      'subjects.name as subject', 'subjects.color as subjectColor', 'courses.courseLevelId', 'courseLevels.name as courseLevel',
      'courses.courseTypeId as typeId', 'courseTypes.name as courseType', 'courses.companyId', 'companies.name as company',
      'companies.code as companyCode', courseAddressSql.as('address'), 'courses.private', 'courses.sponsored', 'courses.virtual',
      'courses.courseStatusId', 'courses.startDate', 'courses.endDate', 'courses.duration', 'courses.classLengthTemplate',
      'courses.pricePence', 'courses.maxNumberStudents', 'courses.minNumberStudents', 'courses.addressId', 'courses.definedAddress',
      'fig.totalClasses', 'fig.totalClassLength', 'fig.takenPlace', 'fig.markedCount', 'fig.classesUnmarked', 'fig.lastClassAt',
      'enr.enrolledCount', 'enr.enquiredCount', 'enr.waitingCount',
      figures.durationMinutes.as('durationMinutes'),
      figures.timeDiscrepancy.as('timeDiscrepancy'),
      figures.classesRemaining.as('classesRemaining'),
      figures.minsRemaining.as('minsRemaining'),
      figures.percentageComplete.as('percentageComplete'),
      // Each teacher once (fig's walk over the classes already has their ids), then their names:
      // sorting names per class (dozens a course) cost more than the rest of the list, and a second
      // walk over the course's classes for the ids cost a quarter of a page of courses.
      sql<string>`coalesce((select string_agg(n.name, ', ' order by n.name) from (
        select distinct t.first_name || ' ' || t.last_name as name from teachers t where t.teacher_id = any(fig.teacher_ids)) n), '')`.as('teacher'),
      eb.exists(eb.selectFrom('courses as child').select('child.courseId').whereRef('child.parentId', '=', 'courses.courseId')).as('hasClone'),
      (studentId === null
        ? sql<number | null>`null::int`
        : eb.selectFrom('enrolments as mine').select('mine.statusId')
          .whereRef('mine.courseId', '=', 'courses.courseId').where('mine.studentId', '=', studentId)
      ).as('studentStatusId'),
    ]);
}

type CourseRow = Awaited<ReturnType<ReturnType<typeof selectCourses>['executeTakeFirstOrThrow']>>;

const shown = (date: string | Date | null) => (date ? showDate(date) : '');

export function toCourse(row: CourseRow): CourseDetail {
  const n = (v: number | null | undefined) => v ?? 0;
  return {
    ...row,
    courseStatus: COURSE_STATUS_NAMES[row.courseStatusId] ?? '',
    startDateString: shown(row.startDate),
    endDateString: shown(row.endDate),
    expiringDateString: shown(row.lastClassAt && new Date(row.lastClassAt)),
    totalClasses: n(row.totalClasses),
    totalClassLength: n(row.totalClassLength),
    takenPlace: n(row.takenPlace),
    markedCount: n(row.markedCount),
    classesUnmarked: n(row.classesUnmarked),
    hasUnMarkedClasses: n(row.classesUnmarked) > 0,
    enrolledCount: n(row.enrolledCount),
    enquiredCount: n(row.enquiredCount),
    waitingCount: n(row.waitingCount),
    price: row.pricePence === null ? null : Math.floor(row.pricePence / 100),
    studentStatusId: row.studentStatusId ?? null,
    hasClone: Boolean(row.hasClone),
  };
}
