import { SHOWN_AS_STORED_CLASS_STATUSES } from '@rollbook/shared-types/class-status-rules';
import { ClassStatus } from '@rollbook/shared-types/statuses';
import { isoInstant } from '../../db/sql-json.js';

// A class as every class screen and the pull answer it (ClassItem), as JSON built by PostgreSQL:
// CLASS_ROW selects what it is built from (the class, its course's columns, its register size),
// classItemFields the json_build_object arguments over such a row; names are primary-key probes of
// the row's ids. The same fields as class-query.ts's select and toClassItem: the bench's ideal
// class lists use these too, and bench/test/ideal-answers.test.ts holds them to the API's lists.

const SHOWN_AS_STORED = SHOWN_AS_STORED_CLASS_STATUSES.join(', ');

/** Columns of classes c joined to courses co: `select ${CLASS_ROW} from classes c join courses co on co.course_id = c.course_id`. */
export const CLASS_ROW = `c.*, co.company_id, co.address_id, co.defined_address, co.title, co.description, co.course_status_id,
  co.course_type_id, co.subject_id, co.course_level_id,
  (select count(*)::int from class_attendance a where a.class_id = c.class_id and a.status_id <> 0) as student_count`;

export function classItemFields(c: string): string {
  const start = `(${c}.starts_at at time zone 'Europe/London')`;
  const end = `(${c}.ends_at at time zone 'Europe/London')`;
  return `
    'classId', ${c}.class_id, 'courseId', ${c}.course_id, 'classSeriesId', ${c}.class_series_id, 'seriesId', ${c}.class_series_id,
    'teacherId', ${c}.teacher_id, 'teacher', (select t.first_name || ' ' || t.last_name from teachers t where t.teacher_id = ${c}.teacher_id),
    'teacherRateId', ${c}.teacher_rate_id, 'teacherRate', (select r.description from teacher_rates r where r.teacher_rate_id = ${c}.teacher_rate_id),
    'roomId', ${c}.room_id, 'room', (select r.name from rooms r where r.room_id = ${c}.room_id),
    'companyId', ${c}.company_id, 'company', (select x.name from companies x where x.company_id = ${c}.company_id),
    'address', coalesce((select nullif(concat_ws(', ', a.address1, a.address2, a.town, a.post_code), '') from company_addresses a where a.address_id = ${c}.address_id), ${c}.defined_address),
    'definedAddress', ${c}.defined_address,
    'startsAt', ${isoInstant(`${c}.starts_at`)}, 'endsAt', ${isoInstant(`${c}.ends_at`)},
    'classDateString', to_char(${start}, 'DD/MM/YYYY'), 'classDateMobile', to_char(${start}, 'DD-Mon-YYYY'),
    'weekday', to_char(${start}, 'FMDay'), 'dayWeekId', extract(isodow from ${start})::int,
    'time', to_char(${start}, 'HH24:MI'), 'classTime', to_char(${start}, 'HH24:MI'), 'classEndTime', to_char(${end}, 'HH24:MI'),
    'classDatesCombined', to_char(${start}, 'HH24:MI') || ' - ' || to_char(${end}, 'HH24:MI'),
    'classLength', ${c}.class_length, 'course', ${c}.title, 'courseDescription', ${c}.description, 'courseStatusId', ${c}.course_status_id,
    'courseTypeId', ${c}.course_type_id, 'courseType', (select ct.name from course_types ct where ct.course_type_id = ${c}.course_type_id),
    'subjectId', ${c}.subject_id, 'subject', (select s.name from subjects s where s.subject_id = ${c}.subject_id),
    'subjectColor', (select s.color from subjects s where s.subject_id = ${c}.subject_id),
    'courseLevelId', ${c}.course_level_id, 'level', (select l.name from course_levels l where l.course_level_id = ${c}.course_level_id),
    'studentCount', ${c}.student_count,
    'seriesStatusId', case when ${c}.status_id in (${SHOWN_AS_STORED}) then ${c}.status_id when ${c}.ends_at <= now() then ${ClassStatus.RequiresMarking} else ${ClassStatus.Scheduled} end,
    'classStudentStatusId', null, 'paymentHeaderId', ${c}.payment_header_id, 'version', ${c}.version`;
}
