import { formatDate } from '@rollbook/shared-types/people';
import { AttendanceStatus, ClassStatus, CourseStatus, EnrolmentStatus } from '@rollbook/shared-types/statuses';
import type { SortDirection } from '@rollbook/shared-types/list-page';
import type { StudentListItem, StudentSortKey, StudentUpsert, TeacherStudent } from '@rollbook/shared-types/students';
import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import type { Db } from '../../db/create-db.js';
import { containsPattern, orderBySql, type PageRequest } from '../../lib/list-page.js';

// A student is active while Enrolled on a course that is Active.
const isActive = (eb: ExpressionBuilder<DB, 'students'>) =>
  eb.exists(
    eb.selectFrom('enrolments')
      .innerJoin('courses', 'courses.courseId', 'enrolments.courseId')
      .whereRef('enrolments.studentId', '=', 'students.studentId')
      .where('enrolments.statusId', '=', EnrolmentStatus.Enrolled)
      .where('courses.courseStatusId', '=', CourseStatus.Active)
      .select(sql`1`.as('one')),
  );

/** Online access: a linked login that is enabled (access removed disables it, see users.service). */
const hasLogin = (eb: ExpressionBuilder<DB, 'students'>) =>
  eb.exists(
    eb.selectFrom('users').whereRef('users.userId', '=', 'students.userId').where('users.active', '=', true).select(sql`1`.as('one')),
  );

const currentCourses = (eb: ExpressionBuilder<DB, 'students'>) =>
  eb.selectFrom('enrolments')
    .innerJoin('courses', 'courses.courseId', 'enrolments.courseId')
    .innerJoin('subjects', 'subjects.subjectId', 'courses.subjectId')
    .whereRef('enrolments.studentId', '=', 'students.studentId')
    .where('enrolments.statusId', '=', EnrolmentStatus.Enrolled)
    .where('courses.courseStatusId', '=', CourseStatus.Active)
    .select(sql<string>`coalesce(string_agg(subjects.name || '|' || subjects.color, ',' order by subjects.name), '')`.as('c'));

/**
 * "The teacher's students": Enrolled on a course where the teacher takes a class, or on
 * the register of one of the teacher's classes. The same rule decides what a teacher may open.
 */
const taughtBy = (teacherId: number) => (eb: ExpressionBuilder<DB, 'students'>) =>
  eb.or([
    eb.exists(
      eb.selectFrom('enrolments')
        .innerJoin('classes', 'classes.courseId', 'enrolments.courseId')
        .whereRef('enrolments.studentId', '=', 'students.studentId')
        .where('enrolments.statusId', '=', EnrolmentStatus.Enrolled)
        .where('classes.teacherId', '=', teacherId)
        .select(sql`1`.as('one')),
    ),
    eb.exists(
      eb.selectFrom('classAttendance')
        .innerJoin('classes', 'classes.classId', 'classAttendance.classId')
        .whereRef('classAttendance.studentId', '=', 'students.studentId')
        .where('classes.teacherId', '=', teacherId)
        .select(sql`1`.as('one')),
    ),
  ]);

const STUDENT_SORT_SQL: Record<StudentSortKey, (eb: ExpressionBuilder<DB, 'students' | 'companies'>) => RawBuilder<unknown> | RawBuilder<unknown>[]> = {
  // Students and other people are listed by last name, then first name, as they always were.
  lastName: () => [sql`lower(students.last_name)`, sql`lower(students.first_name)`],
  firstName: () => [sql`lower(students.first_name)`, sql`lower(students.last_name)`],
  mobile: () => sql`students.mobile`,
  email: () => sql`lower(students.email)`,
  company: () => sql`lower(companies.name)`,
  status: (eb) => sql`${isActive(eb)}`,
  hasLogin: (eb) => sql`${hasLogin(eb)}`,
};

/** ORDER BY of the students list over `students` left join `companies`: the key, then the id. */
const studentOrder = (p: { sort: StudentSortKey; dir: SortDirection }) => (eb: ExpressionBuilder<DB, 'students' | 'companies'>) =>
  orderBySql(STUDENT_SORT_SQL[p.sort](eb), sql`students.student_id`, p.dir);

export interface StudentFilter {
  name?: string | undefined;
  companyId?: number | undefined;
  statusId?: number | undefined;
  CourseId?: number | undefined;
}

export async function listStudents(db: Db, query: StudentFilter, p: PageRequest<StudentSortKey>): Promise<{ students: StudentListItem[]; total: number }> {
  let base = db.selectFrom('students').leftJoin('companies', 'companies.companyId', 'students.companyId');
  if (query.name) {
    const pattern = containsPattern(query.name);
    base = base.where((eb) => eb.or([
      eb(sql`lower(students.first_name || ' ' || students.last_name)`, 'like', pattern),
      eb(sql`lower(students.email)`, 'like', pattern),
    ]));
  }
  if (query.companyId !== undefined && query.companyId !== -1) base = base.where('students.companyId', '=', query.companyId);
  if (query.statusId === 1) base = base.where(isActive);
  if (query.statusId === 0) base = base.where((eb) => eb.not(isActive(eb)));
  if (query.CourseId !== undefined) {
    const courseId = query.CourseId;
    base = base.where((eb) => eb.exists(
      eb.selectFrom('enrolments')
        .whereRef('enrolments.studentId', '=', 'students.studentId')
        .where('enrolments.courseId', '=', courseId)
        // A cleared place (None) means the student is no longer on the course.
        .where('enrolments.statusId', '<>', EnrolmentStatus.None)
        .select(sql`1`.as('one')),
    ));
  }

  // The page's ids first, then the per-student figures for that page only: planned together, the
  // figures were worked out for every student of the school (a scan of all places) before the limit.
  const order = studentOrder(p);
  // The limit and offset as literals: with either a parameter PostgreSQL costs a generic plan for
  // an unknown share of the school, finds it dearer than the page's own and so plans the statement
  // anew on every request (1 ms of the 3 the first page took at scale 100). Known, it keeps one
  // plan per page asked for.
  const pageIds = base.select('students.studentId').orderBy(order).limit(sql.lit(p.pageSize)).offset(sql.lit(p.offset));
  const counted = base.select((eb) => eb.fn.countAll<number>().as('total'));
  // The total rides on every row of the page (one statement instead of two: the list is opened
  // often, and each statement is a round trip and a plan); only a page past the end asks again.
  const rows = await db.selectFrom('students').leftJoin('companies', 'companies.companyId', 'students.companyId')
    .where('students.studentId', 'in', pageIds)
    .select((eb) => [
      'students.studentId', 'students.firstName', 'students.lastName', 'students.email', 'students.mobile',
      'students.companyId', 'companies.name as company',
      hasLogin(eb).$castTo<boolean>().as('hasLogin'),
      currentCourses(eb).as('currentCourses'),
      counted.as('total'),
    ])
    .orderBy(order)
    .execute();
  const total = rows[0]?.total ?? (await counted.executeTakeFirst())?.total ?? 0;

  // Active (isActive) is "has a current course": the same places currentCourses lists (every
  // course has a subject), so the list reads it from there instead of a second look-up, which
  // the planner ran as a scan of every place in the school.
  return {
    total,
    students: rows.map(({ currentCourses, total: _total, ...r }) => ({ ...r, currentCourses: currentCourses ?? '', statusId: currentCourses ? 1 : 0 })),
  };
}

export async function findStudent(db: Db, studentId: number) {
  const row = await db
    .selectFrom('students')
    .leftJoin('companies', 'companies.companyId', 'students.companyId')
    .leftJoin('nationalities', 'nationalities.nationalityId', 'students.nationalityId')
    .selectAll('students')
    .select((eb) => [
      'companies.name as company',
      'nationalities.name as nationality',
      hasLogin(eb).$castTo<boolean>().as('hasLogin'),
      isActive(eb).as('active'),
      currentCourses(eb).as('currentCourses'),
      eb.exists(
        eb.selectFrom('classAttendance')
          .innerJoin('classes', 'classes.classId', 'classAttendance.classId')
          .whereRef('classAttendance.studentId', '=', 'students.studentId')
          .where((w) => w.or([w('classAttendance.statusId', '>=', AttendanceStatus.Attended), w('classes.statusId', '=', ClassStatus.Paid)]))
          .select(sql`1`.as('one')),
      ).$castTo<boolean>().as('hasMarkedOrPaid'),
    ])
    .where('students.studentId', '=', studentId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    studentId: row.studentId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    genderId: row.genderId,
    dateOfBirthString: row.dateOfBirth ? formatDate(row.dateOfBirth) : null,
    companyId: row.companyId,
    company: row.company,
    statusId: row.active ? (1 as const) : (0 as const),
    address1: row.address1,
    address2: row.address2,
    town: row.town,
    county: row.county,
    country: row.country,
    postCode: row.postCode,
    mobile: row.mobile,
    landline: row.landline,
    notes: row.notes,
    currentCourses: row.currentCourses ?? '',
    hasLogin: row.hasLogin,
    userId: row.userId,
    nationalityId: row.nationalityId,
    nationality: row.nationality,
    hasMarkedOrPaid: row.hasMarkedOrPaid,
    classChangeEmails: row.classChangeEmails,
  };
}

export async function studentExists(db: Db, studentId: number): Promise<boolean> {
  return (await db.selectFrom('students').select('studentId').where('studentId', '=', studentId).executeTakeFirst()) !== undefined;
}

/** Another student with the same e-mail (case-insensitive), if any. */
export async function otherStudentWithEmail(db: Db, email: string, exceptStudentId: number | null): Promise<boolean> {
  let query = db.selectFrom('students').select('studentId').where(sql`lower(email)`, '=', email.toLowerCase());
  if (exceptStudentId !== null) query = query.where('studentId', '<>', exceptStudentId);
  return (await query.executeTakeFirst()) !== undefined;
}

type StudentColumns = Omit<StudentUpsert, 'studentId' | 'dateOfBirthString'> & { dateOfBirth: string | null };

export async function insertStudent(db: Db, values: StudentColumns): Promise<number> {
  const { studentId } = await db.insertInto('students').values(values).returning('studentId').executeTakeFirstOrThrow();
  return studentId;
}

export async function updateStudent(db: Db, studentId: number, values: StudentColumns): Promise<boolean> {
  const result = await db.updateTable('students').set(values).where('studentId', '=', studentId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function teacherTeachesStudent(db: Db, teacherId: number, studentId: number): Promise<boolean> {
  const row = await db.selectFrom('students').select('studentId').where('studentId', '=', studentId).where(taughtBy(teacherId)).executeTakeFirst();
  return row !== undefined;
}

export async function listStudentsForTeacher(db: Db, teacherId: number): Promise<TeacherStudent[]> {
  return db
    .selectFrom('students')
    .leftJoin('companies', 'companies.companyId', 'students.companyId')
    .select(['students.studentId', 'students.firstName', 'students.lastName', 'students.email', 'students.mobile', 'students.landline', 'students.companyId', 'companies.name as company'])
    .where(taughtBy(teacherId))
    .orderBy(sql`lower(students.last_name)`)
    .orderBy(sql`lower(students.first_name)`)
    .orderBy('students.studentId')
    .execute();
}

export async function teacherExists(db: Db, teacherId: number): Promise<boolean> {
  return (await db.selectFrom('teachers').select('teacherId').where('teacherId', '=', teacherId).executeTakeFirst()) !== undefined;
}

export async function companyExists(db: Db, companyId: number): Promise<boolean> {
  return (await db.selectFrom('companies').select('companyId').where('companyId', '=', companyId).executeTakeFirst()) !== undefined;
}

export async function nationalityExists(db: Db, nationalityId: number): Promise<boolean> {
  return (await db.selectFrom('nationalities').select('nationalityId').where('nationalityId', '=', nationalityId).executeTakeFirst()) !== undefined;
}

/** The student's class-change e-mail setting; undefined when there is no such student. */
export async function classChangeEmailsOf(db: Db, studentId: number): Promise<boolean | undefined> {
  const row = await db.selectFrom('students').select('classChangeEmails').where('studentId', '=', studentId).executeTakeFirst();
  return row?.classChangeEmails;
}

/** Sets the student's class-change e-mail setting; false when there is no such student. */
export async function setClassChangeEmails(db: Db, studentId: number, classChangeEmails: boolean): Promise<boolean> {
  const result = await db.updateTable('students').set({ classChangeEmails }).where('studentId', '=', studentId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
