import type { StudentOnCourse, StudentsByCourseQuery } from '@rollbook/shared-types/courses';
import { COURSE_STUDENTS_PAGE_SIZE } from '@rollbook/shared-types/courses';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';

/** Marked (2–6) on any class of the course, or on a Paid class of it: the student stays on record. */
const hasMarkedOrPaidSql = (courseId: number) => sql<boolean>`exists (
  select 1 from class_attendance ca join classes c on c.class_id = ca.class_id
  where c.course_id = ${courseId} and ca.student_id = students.student_id and (ca.status_id between 2 and 6 or c.status_id = 6))`;

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
 * Sets a student's place on a course. Enrolling (1) puts them on the register of the course's
 * classes still to come; any other status takes them off those registers again (their pending,
 * not overridden lines). Past classes keep whatever was recorded.
 */
export async function setEnrolment(db: Kysely<DB>, courseId: number, studentId: number, statusId: number): Promise<void> {
  await db.insertInto('enrolments').values({ courseId, studentId, statusId })
    .onConflict((oc) => oc.columns(['courseId', 'studentId']).doUpdateSet({ statusId }))
    .execute();
  if (statusId === 1) {
    await sql`insert into class_attendance (class_id, student_id, status_id)
      select class_id, ${studentId}, 1 from classes
      where course_id = ${courseId} and starts_at > now() and status_id not in (3, 4, 5, 6)
      on conflict do nothing`.execute(db);
  } else {
    await sql`delete from class_attendance ca using classes c
      where c.class_id = ca.class_id and c.course_id = ${courseId} and c.starts_at > now()
        and ca.student_id = ${studentId} and ca.status_id = 1 and not ca.is_override`.execute(db);
  }
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
      sql<number>`(count(*) filter (where status_id = 1))::int`.as('enrolledCount'),
      sql<number>`(count(*) filter (where status_id = 2))::int`.as('enquiredCount'),
      sql<number>`(count(*) filter (where status_id = 3))::int`.as('waitingCount'),
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
    .where('enrolments.statusId', '<>', 0);
  if (q.statusId !== undefined) base = base.where('enrolments.statusId', '=', q.statusId);
  if (q.firstName) {
    base = base.where(sql<string>`lower(students.first_name)`, 'like', `%${q.firstName.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'students.studentId', 'students.firstName', 'students.lastName', 'students.genderId', 'students.dateOfBirth',
      'students.email', 'students.mobile', 'students.landline', 'students.companyId', 'companies.name as company',
      'enrolments.statusId', hasMarkedOrPaidSql(q.id).as('hasMarkedOrPaid'),
      sql<string>`coalesce((select string_agg(sub.name || '|' || sub.color, ',' order by sub.name)
        from enrolments cur join courses co on co.course_id = cur.course_id join subjects sub on sub.subject_id = co.subject_id
        where cur.student_id = students.student_id and cur.status_id = 1 and co.course_status_id = 2), '')`.as('currentCourses'),
    ])
    .orderBy(sql`lower(students.last_name)`).orderBy(sql`lower(students.first_name)`).orderBy('students.studentId')
    .limit(COURSE_STUDENTS_PAGE_SIZE)
    .offset((q.page - 1) * COURSE_STUDENTS_PAGE_SIZE)
    .execute();
  return {
    total,
    students: rows.map(({ dateOfBirth, ...r }) => ({
      ...r,
      dateOfBirthString: dateOfBirth ? `${dateOfBirth.slice(8, 10)}/${dateOfBirth.slice(5, 7)}/${dateOfBirth.slice(0, 4)}` : '',
    })),
  };
}
