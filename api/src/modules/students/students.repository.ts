import { STUDENT_PAGE_SIZE, type StudentListItem, type StudentListQuery } from '@rollbook/shared-types/students';
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import type { Db } from '../../db/create-db.js';

// A student is active while enrolled (status 1) on a course that is Active (2).
const isActive = (eb: ExpressionBuilder<DB, 'students'>) =>
  eb.exists(
    eb.selectFrom('enrolments')
      .innerJoin('courses', 'courses.courseId', 'enrolments.courseId')
      .whereRef('enrolments.studentId', '=', 'students.studentId')
      .where('enrolments.statusId', '=', 1)
      .where('courses.courseStatusId', '=', 2)
      .select(sql`1`.as('one')),
  );

export async function listStudents(db: Db, query: StudentListQuery): Promise<{ students: StudentListItem[]; total: number }> {
  let base = db.selectFrom('students').leftJoin('companies', 'companies.companyId', 'students.companyId');
  if (query.name) {
    const pattern = `%${query.name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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
      eb.selectFrom('enrolments').whereRef('enrolments.studentId', '=', 'students.studentId').where('enrolments.courseId', '=', courseId).select(sql`1`.as('one')),
    ));
  }

  const [{ total } = { total: 0 }] = await base.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const rows = await base
    .select((eb) => [
      'students.studentId', 'students.firstName', 'students.lastName', 'students.email', 'students.mobile',
      'students.companyId', 'companies.name as company',
      sql<boolean>`students.user_id is not null`.as('hasLogin'),
      isActive(eb).as('active'),
      eb.selectFrom('enrolments')
        .innerJoin('courses', 'courses.courseId', 'enrolments.courseId')
        .innerJoin('subjects', 'subjects.subjectId', 'courses.subjectId')
        .whereRef('enrolments.studentId', '=', 'students.studentId')
        .where('enrolments.statusId', '=', 1)
        .where('courses.courseStatusId', '=', 2)
        .select(sql<string>`coalesce(string_agg(subjects.name || '|' || subjects.color, ',' order by subjects.name), '')`.as('c'))
        .as('currentCourses'),
    ])
    .orderBy(sql`lower(students.last_name)`)
    .orderBy(sql`lower(students.first_name)`)
    .orderBy('students.studentId')
    .limit(STUDENT_PAGE_SIZE)
    .offset((query.page - 1) * STUDENT_PAGE_SIZE)
    .execute();

  return {
    total,
    students: rows.map(({ active, currentCourses, ...r }) => ({ ...r, currentCourses: currentCourses ?? '', statusId: active ? 1 : 0 })),
  };
}
