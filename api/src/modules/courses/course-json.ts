import { OPEN_CLASS_STATUSES } from '@rollbook/shared-types/class-status-rules';
import { COURSE_STATUS_NAMES, EnrolmentStatus, LOCKED_CLASS_STATUSES } from '@rollbook/shared-types/statuses';
import { shownDate } from '../../db/sql-json.js';

// A course with the figures the lists show (CourseListItem), as JSON built by PostgreSQL:
// COURSE_ROW selects what it is built from (the course, one aggregate over its classes, one over
// its places, its teachers' names), courseItemFields the json_build_object arguments over such a
// row. The same fields as course-query.ts's select and toCourse: the bench's ideal course list uses
// these too, and bench/test/ideal-answers.test.ts holds it to the API's list.

// The statuses as literals from the shared lists (course-query.ts counts with the same ones).
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
             -- The course's teachers from the same walk over its classes (as course-query.ts): a second
             -- walk joined to teachers was hashed over every teacher of the school for each course.
             array_agg(distinct cl.teacher_id) as teacher_ids
        from classes cl where cl.course_id = co.course_id) fig on true
    left join lateral (
      select (count(*) filter (where en.status_id = ${EnrolmentStatus.Enrolled}))::int as enrolled_count,
             (count(*) filter (where en.status_id = ${EnrolmentStatus.Enquired}))::int as enquired_count,
             (count(*) filter (where en.status_id = ${EnrolmentStatus.Waiting}))::int as waiting_count
        from enrolments en where en.course_id = co.course_id) enr on true`;

export function courseItemFields(c: string): string {
  return `
    'courseId', ${c}.course_id, 'parentId', ${c}.parent_id, 'title', ${c}.title, 'description', ${c}.description,
    'subjectId', ${c}.subject_id, 'subject', (select s.name from subjects s where s.subject_id = ${c}.subject_id),
    'subjectColor', (select s.color from subjects s where s.subject_id = ${c}.subject_id),
    'courseLevelId', ${c}.course_level_id, 'courseLevel', (select l.name from course_levels l where l.course_level_id = ${c}.course_level_id),
    'typeId', ${c}.course_type_id, 'courseType', (select ct.name from course_types ct where ct.course_type_id = ${c}.course_type_id),
    'companyId', ${c}.company_id, 'company', (select x.name from companies x where x.company_id = ${c}.company_id),
    'companyCode', (select x.code from companies x where x.company_id = ${c}.company_id),
    'address', coalesce((select nullif(concat_ws(', ', a.address1, a.address2, a.town, a.post_code), '') from company_addresses a where a.address_id = ${c}.address_id), ${c}.defined_address),
    'private', ${c}.private, 'sponsored', ${c}.sponsored, 'virtual', ${c}.virtual,
    'courseStatusId', ${c}.course_status_id,
    'courseStatus', case ${c}.course_status_id ${STATUS_NAMES} else '' end,
    'startDate', ${c}.start_date, 'startDateString', ${shownDate(`${c}.start_date`)}, 'endDateString', ${shownDate(`${c}.end_date`)},
    'expiringDateString', ${shownDate(`(${c}.last_class_at at time zone 'Europe/London')`)},
    'duration', ${c}.duration, 'classLengthTemplate', ${c}.class_length_template,
    'durationMinutes', ${c}.duration * ${c}.class_length_template, 'totalClassLength', ${c}.total_class_length,
    'timeDiscrepancy', ${c}.duration * ${c}.class_length_template - ${c}.total_class_length,
    'totalClasses', ${c}.total_classes, 'takenPlace', ${c}.taken_place, 'classesRemaining', ${c}.duration - ${c}.taken_place,
    'minsRemaining', ${c}.duration * ${c}.class_length_template - ${c}.taken_minutes,
    'percentageComplete', case when ${c}.duration > 0 then least(100, greatest(0, round(100.0 * ${c}.taken_place / ${c}.duration)))::int else 0 end,
    'markedCount', ${c}.marked_count, 'classesUnmarked', ${c}.classes_unmarked, 'hasUnMarkedClasses', ${c}.classes_unmarked > 0,
    'enrolledCount', ${c}.enrolled_count, 'enquiredCount', ${c}.enquired_count, 'waitingCount', ${c}.waiting_count,
    'teacher', coalesce(${c}.teachers, ''),
    'hasClone', exists (select from courses child where child.parent_id = ${c}.course_id),
    'price', floor(${c}.price_pence / 100.0)::int, 'pricePence', ${c}.price_pence,
    'maxNumberStudents', ${c}.max_number_students, 'minNumberStudents', ${c}.min_number_students`;
}
