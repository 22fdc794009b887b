import type { StudentOnCourse, StudentsByCourseQuery } from '@rollbook/shared-types/courses';
import { COURSE_STUDENTS_PAGE_SIZE } from '@rollbook/shared-types/courses';
import { showDate } from '@rollbook/shared-types/display-dates';
import { AttendanceStatus, ClassStatus, CourseStatus, EnrolmentStatus } from '@rollbook/shared-types/statuses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { literalList } from '../../db/sql-literals.js';
import { containsPattern } from '../../lib/list-page.js';

/** Marked (Attended to Not student) on any class of the course, or on a Paid class of it: the student stays on record. */
const hasMarkedOrPaidSql = (courseId: number) => sql<boolean>`exists (
  select 1 from class_attendance ca join classes c on c.class_id = ca.class_id
  where c.course_id = ${courseId} and ca.student_id = students.student_id and (ca.status_id between ${sql.lit(AttendanceStatus.Attended)} and ${sql.lit(AttendanceStatus.NotStudent)} or c.status_id = ${sql.lit(ClassStatus.Paid)}))`;

/** Classes an enrolment no longer adds a student to: marked, archived, suspended or paid. */
const CLOSED_TO_NEW_STUDENTS = literalList([ClassStatus.Marked, ClassStatus.Archived, ClassStatus.Suspended, ClassStatus.Paid]);

export async function studentHasMarkedOrPaid(db: Kysely<DB>, courseId: number, studentId: number): Promise<boolean> {
  const row = await db.selectFrom('students').select(hasMarkedOrPaidSql(courseId).as('v')).where('studentId', '=', studentId).executeTakeFirst();
  return row?.v ?? false;
}

export async function countExistingStudents(db: Kysely<DB>, studentIds: number[]): Promise<number> {
  if (studentIds.length === 0) return 0;
  const row = await db.selectFrom('students').select(sql<number>`count(*)::int`.as('n')).where('studentId', 'in', studentIds).executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Sets a student's place on a course. Enrolling puts them on the register of the course's
 * classes still to come; any other status takes them off those registers again (their pending,
 * not overridden lines). Past classes keep whatever was recorded.
 */
export async function setEnrolment(db: Kysely<DB>, courseId: number, studentId: number, statusId: number): Promise<void> {
  await db.insertInto('enrolments').values({ courseId, studentId, statusId })
    .onConflict((oc) => oc.columns(['courseId', 'studentId']).doUpdateSet({ statusId }))
    .execute();
  if (statusId === EnrolmentStatus.Enrolled) {
    await sql`insert into class_attendance (class_id, student_id, status_id)
      select class_id, ${studentId}, ${sql.lit(AttendanceStatus.Pending)} from classes
      where course_id = ${courseId} and starts_at > now() and status_id not in ${CLOSED_TO_NEW_STUDENTS}
      on conflict do nothing`.execute(db);
  } else {
    await sql`delete from class_attendance ca using classes c
      where c.class_id = ca.class_id and c.course_id = ${courseId} and c.starts_at > now()
        and ca.student_id = ${studentId} and ca.status_id = ${sql.lit(AttendanceStatus.Pending)} and not ca.is_override`.execute(db);
  }
}

/**
 * setEnrolment(…, Enrolled) for many places at once (CSV import): each student Enrolled on their
 * course and on the register of its classes still to come, in two statements however many places.
 */
export async function enrolStudents(db: Kysely<DB>, places: { courseId: number; studentId: number }[]): Promise<void> {
  if (places.length === 0) return;
  const courseIds = places.map((p) => p.courseId);
  const studentIds = places.map((p) => p.studentId);
  await sql`insert into enrolments (course_id, student_id, status_id)
    select course_id, student_id, ${sql.lit(EnrolmentStatus.Enrolled)} from unnest(${courseIds}::int[], ${studentIds}::int[]) as p(course_id, student_id)
    on conflict (course_id, student_id) do update set status_id = excluded.status_id`.execute(db);
  await sql`insert into class_attendance (class_id, student_id, status_id)
    select c.class_id, p.student_id, ${sql.lit(AttendanceStatus.Pending)}
    from unnest(${courseIds}::int[], ${studentIds}::int[]) as p(course_id, student_id)
    join classes c on c.course_id = p.course_id
    where c.starts_at > now() and c.status_id not in ${CLOSED_TO_NEW_STUDENTS}
    on conflict do nothing`.execute(db);
}

/** Removes the student from the course and from its registers; returns the classes whose register changed. */
export async function removeFromCourse(db: Kysely<DB>, courseId: number, studentId: number): Promise<number[]> {
  const removed = await sql<{ classId: number }>`delete from class_attendance ca using classes c
    where c.class_id = ca.class_id and c.course_id = ${courseId} and ca.student_id = ${studentId}
    returning ca.class_id`.execute(db);
  await db.deleteFrom('enrolments').where('courseId', '=', courseId).where('studentId', '=', studentId).execute();
  return removed.rows.map((r) => r.classId);
}

export async function enrolmentCounts(db: Kysely<DB>, courseId: number) {
  return db.selectFrom('enrolments')
    .select([
      sql<number>`(count(*) filter (where status_id = ${sql.lit(EnrolmentStatus.Enrolled)}))::int`.as('enrolledCount'),
      sql<number>`(count(*) filter (where status_id = ${sql.lit(EnrolmentStatus.Enquired)}))::int`.as('enquiredCount'),
      sql<number>`(count(*) filter (where status_id = ${sql.lit(EnrolmentStatus.Waiting)}))::int`.as('waitingCount'),
    ])
    .where('courseId', '=', courseId)
    .executeTakeFirstOrThrow();
}

/** Students with a place on the course, filtered and paged by 9 for the course form. */
export async function listStudentsOnCourse(db: Kysely<DB>, q: StudentsByCourseQuery): Promise<{ students: StudentOnCourse[]; total: number }> {
  let base = db.selectFrom('enrolments')
    .innerJoin('students', 'students.studentId', 'enrolments.studentId')
    .leftJoin('companies', 'companies.companyId', 'students.companyId')
    .where('enrolments.courseId', '=', q.id)
    .where('enrolments.statusId', '<>', EnrolmentStatus.None);
  if (q.statusId !== undefined) base = base.where('enrolments.statusId', '=', q.statusId);
  if (q.firstName) {
    base = base.where(sql<string>`lower(students.first_name)`, 'like', containsPattern(q.firstName));
  }
  const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'students.studentId', 'students.firstName', 'students.lastName', 'students.genderId', 'students.dateOfBirth',
      'students.email', 'students.mobile', 'students.landline', 'students.companyId', 'companies.name as company',
      'enrolments.statusId', hasMarkedOrPaidSql(q.id).as('hasMarkedOrPaid'),
      sql<string>`coalesce((select string_agg(sub.name || '|' || sub.color, ',' order by sub.name)
        from enrolments cur join courses co on co.course_id = cur.course_id join subjects sub on sub.subject_id = co.subject_id
        where cur.student_id = students.student_id and cur.status_id = ${sql.lit(EnrolmentStatus.Enrolled)} and co.course_status_id = ${sql.lit(CourseStatus.Active)}), '')`.as('currentCourses'),
    ])
    .orderBy(sql`lower(students.last_name)`).orderBy(sql`lower(students.first_name)`).orderBy('students.studentId')
    .limit(COURSE_STUDENTS_PAGE_SIZE)
    .offset((q.page - 1) * COURSE_STUDENTS_PAGE_SIZE)
    .execute();
  return {
    total,
    students: rows.map(({ dateOfBirth, ...r }) => ({
      ...r,
      dateOfBirthString: dateOfBirth ? showDate(dateOfBirth) : '',
    })),
  };
}
