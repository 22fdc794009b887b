import { OPEN_CLASS_STATUSES } from '@rollbook/shared-types/class-status-rules';
import { COURSE_STATUS_NAMES, EnrolmentStatus, LOCKED_CLASS_STATUSES } from '@rollbook/shared-types/statuses';
import { shownDate } from '../../db/sql-json.js';

// A course with the figures the lists show (CourseListItem), as JSON built by PostgreSQL:
// COURSE_ROW selects what it is built from (the course, one aggregate over its classes, one over
// its places, its teachers' names), courseItemFields the json_build_object arguments over such a
// row, courseItemColumns the same fields as a select list. The API's course answers, the teacher's
// pull and the bench's ideal statements are all written from these.

// The statuses as literals from the shared lists (the list's filters count with the same ones).
const LOCKED = LOCKED_CLASS_STATUSES.join(', ');
const OPEN = OPEN_CLASS_STATUSES.join(', ');
const STATUS_NAMES = Object.entries(COURSE_STATUS_NAMES).map(([id, name]) => `when ${Number(id)} then '${name}'`).join(' ');

/** The row and its from-clause: `select ${COURSE_ROW} where …` (the course is co). */
export const COURSE_ROW = `co.*, fig.*, enr.*,
         (select string_agg(n.name, ', ' order by n.name) from (
            select distinct t.first_name || ' ' || t.last_name as name from teachers t where t.teacher_id = any(fig.teacher_ids)) n) as teachers
    from courses co
    left join lateral (
      select count(*)::int as total_classes, coalesce(sum(cl.class_length), 0)::int as total_class_length,
             (count(*) filter (where cl.starts_at <= now()))::int as taken_place,
             coalesce(sum(cl.class_length) filter (where cl.starts_at <= now()), 0)::int as taken_minutes,
             (count(*) filter (where cl.status_id in (${LOCKED})))::int as marked_count,
             (count(*) filter (where cl.status_id in (${OPEN}) and cl.ends_at <= now()))::int as classes_unmarked,
             max(cl.starts_at) as last_class_at,
             -- The course's teachers from the same walk over its classes: a second walk joined to
             -- teachers was hashed over every teacher of the school for each course.
             array_agg(distinct cl.teacher_id) as teacher_ids
        from classes cl where cl.course_id = co.course_id) fig on true
    left join lateral (
      select (count(*) filter (where en.status_id = ${EnrolmentStatus.Enrolled}))::int as enrolled_count,
             (count(*) filter (where en.status_id = ${EnrolmentStatus.Enquired}))::int as enquired_count,
             (count(*) filter (where en.status_id = ${EnrolmentStatus.Waiting}))::int as waiting_count
        from enrolments en where en.course_id = co.course_id) enr on true`;

/** A field of the answer: its name and its value over a COURSE_ROW row known as `c`. */
type Field = readonly [name: string, value: (c: string) => string];

/** CourseListItem's fields, in the schema's order: the one place they are written. */
const ITEM_FIELDS: readonly Field[] = [
  ['courseId', (c) => `${c}.course_id`], ['parentId', (c) => `${c}.parent_id`], ['title', (c) => `${c}.title`],
  ['description', (c) => `${c}.description`],
  ['subjectId', (c) => `${c}.subject_id`], ['subject', (c) => `(select s.name from subjects s where s.subject_id = ${c}.subject_id)`],
  ['subjectColor', (c) => `(select s.color from subjects s where s.subject_id = ${c}.subject_id)`],
  ['courseLevelId', (c) => `${c}.course_level_id`],
  ['courseLevel', (c) => `(select l.name from course_levels l where l.course_level_id = ${c}.course_level_id)`],
  ['typeId', (c) => `${c}.course_type_id`], ['courseType', (c) => `(select ct.name from course_types ct where ct.course_type_id = ${c}.course_type_id)`],
  ['companyId', (c) => `${c}.company_id`], ['company', (c) => `(select x.name from companies x where x.company_id = ${c}.company_id)`],
  ['companyCode', (c) => `(select x.code from companies x where x.company_id = ${c}.company_id)`],
  ['address', (c) => `coalesce((select nullif(concat_ws(', ', a.address1, a.address2, a.town, a.post_code), '') from company_addresses a where a.address_id = ${c}.address_id), ${c}.defined_address)`],
  ['private', (c) => `${c}.private`], ['sponsored', (c) => `${c}.sponsored`], ['virtual', (c) => `${c}.virtual`],
  ['courseStatusId', (c) => `${c}.course_status_id`],
  ['courseStatus', (c) => `case ${c}.course_status_id ${STATUS_NAMES} else '' end`],
  ['startDate', (c) => `${c}.start_date`], ['startDateString', (c) => shownDate(`${c}.start_date`)], ['endDateString', (c) => shownDate(`${c}.end_date`)],
  ['expiringDateString', (c) => shownDate(`(${c}.last_class_at at time zone 'Europe/London')`)],
  ['duration', (c) => `${c}.duration`], ['classLengthTemplate', (c) => `${c}.class_length_template`],
  ['durationMinutes', (c) => `${c}.duration * ${c}.class_length_template`], ['totalClassLength', (c) => `${c}.total_class_length`],
  ['timeDiscrepancy', (c) => `${c}.duration * ${c}.class_length_template - ${c}.total_class_length`],
  ['totalClasses', (c) => `${c}.total_classes`], ['takenPlace', (c) => `${c}.taken_place`], ['classesRemaining', (c) => `${c}.duration - ${c}.taken_place`],
  ['minsRemaining', (c) => `${c}.duration * ${c}.class_length_template - ${c}.taken_minutes`],
  ['percentageComplete', (c) => `case when ${c}.duration > 0 then least(100, greatest(0, round(100.0 * ${c}.taken_place / ${c}.duration)))::int else 0 end`],
  ['markedCount', (c) => `${c}.marked_count`], ['classesUnmarked', (c) => `${c}.classes_unmarked`], ['hasUnMarkedClasses', (c) => `${c}.classes_unmarked > 0`],
  ['enrolledCount', (c) => `${c}.enrolled_count`], ['enquiredCount', (c) => `${c}.enquired_count`], ['waitingCount', (c) => `${c}.waiting_count`],
  ['teacher', (c) => `coalesce(${c}.teachers, '')`],
  ['hasClone', (c) => `exists (select from courses child where child.parent_id = ${c}.course_id)`],
  ['price', (c) => `floor(${c}.price_pence / 100.0)::int`], ['pricePence', (c) => `${c}.price_pence`],
  ['maxNumberStudents', (c) => `${c}.max_number_students`], ['minNumberStudents', (c) => `${c}.min_number_students`],
];

/** What CourseDetail adds, in the schema's order; studentStatusId is given by the caller (it needs the student's id). */
const DETAIL_FIELDS: readonly Field[] = [
  ['addressId', (c) => `${c}.address_id`], ['definedAddress', (c) => `${c}.defined_address`], ['endDate', (c) => `${c}.end_date`],
];

/** CourseListItem as json_build_object arguments over a COURSE_ROW row known as `c`. */
export function courseItemFields(c: string): string {
  return ITEM_FIELDS.map(([name, value]) => `'${name}', ${value(c)}`).join(',\n    ');
}

/**
 * CourseListItem (or, with detail, CourseDetail but its studentStatusId) as a select list over a
 * COURSE_ROW row known as `c`, each value named as its field: row_to_json over it writes the
 * answer's text as JSON.stringify would (no spaces), which json_build_object does not.
 */
export function courseItemColumns(c: string, detail = false): string {
  return [...ITEM_FIELDS, ...(detail ? DETAIL_FIELDS : [])].map(([name, value]) => `${value(c)} as "${name}"`).join(',\n    ');
}
