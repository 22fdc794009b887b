import { formatDate } from '@rollbook/shared-types/people';
import type { TeacherListItem, TeacherRate, TeacherSortKey, TeacherSubject } from '@rollbook/shared-types/teachers';
import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import type { Db } from '../../db/create-db.js';
import { containsPattern, orderBySql, type PageRequest } from '../../lib/list-page.js';

const hasLogin = (eb: ExpressionBuilder<DB, 'teachers'>) =>
  eb.exists(
    eb.selectFrom('users').whereRef('users.userId', '=', 'teachers.userId').where('users.active', '=', true).select(sql`1`.as('one')),
  ).$castTo<boolean>();

const subjectsString = (eb: ExpressionBuilder<DB, 'teachers'>) =>
  eb.selectFrom('teacherSubjects')
    .innerJoin('subjects', 'subjects.subjectId', 'teacherSubjects.subjectId')
    .whereRef('teacherSubjects.teacherId', '=', 'teachers.teacherId')
    .select(sql<string>`coalesce(string_agg(subjects.name || '|' || subjects.color, ',' order by subjects.name), '')`.as('s'));

const TEACHER_SORT_SQL: Record<TeacherSortKey, (eb: ExpressionBuilder<DB, 'teachers'>) => RawBuilder<unknown> | RawBuilder<unknown>[]> = {
  // Teachers and other people are listed by last name, then first name, as they always were.
  lastName: () => [sql`lower(teachers.last_name)`, sql`lower(teachers.first_name)`],
  firstName: () => [sql`lower(teachers.first_name)`, sql`lower(teachers.last_name)`],
  mobile: () => sql`teachers.mobile`,
  email: () => sql`lower(teachers.email)`,
  status: () => sql`teachers.active`,
  hasLogin: (eb) => sql`${hasLogin(eb)}`,
};

export interface TeacherFilter {
  searchText?: string | undefined;
  /** -1 all, 1 active, 0 inactive. */
  status: number;
}

export async function listTeachers(db: Db, query: TeacherFilter, p: PageRequest<TeacherSortKey>): Promise<{ teachers: TeacherListItem[]; total: number }> {
  let base = db.selectFrom('teachers').leftJoin('avatars', 'avatars.avatarId', 'teachers.avatarId');
  if (query.searchText) {
    const pattern = containsPattern(query.searchText);
    base = base.where((eb) => eb.or([
      eb(sql`lower(teachers.first_name || ' ' || teachers.last_name)`, 'like', pattern),
      eb(sql`lower(teachers.email)`, 'like', pattern),
    ]));
  }
  if (query.status === 1) base = base.where('teachers.active', '=', true);
  if (query.status === 0) base = base.where('teachers.active', '=', false);

  const [{ total } = { total: 0 }] = await base.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const rows = await base
    .select((eb) => [
      'teachers.teacherId', 'teachers.firstName', 'teachers.lastName', 'teachers.mobile', 'teachers.email', 'teachers.active',
      'avatars.imageName as avatarImage',
      hasLogin(eb).as('hasLogin'),
      subjectsString(eb).as('subjectsString'),
    ])
    .orderBy((eb) => orderBySql(TEACHER_SORT_SQL[p.sort](eb), sql`teachers.teacher_id`, p.dir))
    .limit(p.pageSize)
    .offset(p.offset)
    .execute();
  return { total, teachers: rows.map((r) => ({ ...r, subjectsString: r.subjectsString ?? '' })) };
}

export async function findTeacher(db: Db, teacherId: number) {
  const row = await db
    .selectFrom('teachers')
    .leftJoin('nationalities', 'nationalities.nationalityId', 'teachers.nationalityId')
    .leftJoin('avatars', 'avatars.avatarId', 'teachers.avatarId')
    .selectAll('teachers')
    .select((eb) => ['nationalities.name as nationality', 'avatars.imageName as avatarImage', hasLogin(eb).as('hasLogin'), subjectsString(eb).as('subjectsString')])
    .where('teachers.teacherId', '=', teacherId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    teacherId: row.teacherId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    address1: row.address1,
    address2: row.address2,
    town: row.town,
    city: row.city,
    county: row.county,
    postCode: row.postCode,
    nationalityId: row.nationalityId,
    nationality: row.nationality,
    dateOfBirthString: row.dateOfBirth ? formatDate(row.dateOfBirth) : null,
    genderId: row.genderId,
    mobile: row.mobile,
    landline: row.landline,
    notes: row.notes,
    subjectsString: row.subjectsString ?? '',
    hasLogin: row.hasLogin,
    userId: row.userId,
    active: row.active,
    avatarId: row.avatarId,
    avatarImage: row.avatarImage,
  };
}

export async function teacherExists(db: Db, teacherId: number): Promise<boolean> {
  return (await db.selectFrom('teachers').select('teacherId').where('teacherId', '=', teacherId).executeTakeFirst()) !== undefined;
}

export async function subjectsOf(db: Db, teacherId: number): Promise<TeacherSubject[]> {
  return db
    .selectFrom('teacherSubjects')
    .innerJoin('subjects', 'subjects.subjectId', 'teacherSubjects.subjectId')
    .select(['subjects.subjectId', 'subjects.name', 'subjects.color'])
    .where('teacherSubjects.teacherId', '=', teacherId)
    .orderBy('subjects.name')
    .execute();
}

/** How many classes, class series and payment lines use the rate: non-zero means it cannot be deleted. */
const useCount = (eb: ExpressionBuilder<DB, 'teacherRates'>) =>
  sql<number>`(
    (select count(*) from classes where classes.teacher_rate_id = ${eb.ref('teacherRates.teacherRateId')}) +
    (select count(*) from class_series where class_series.teacher_rate_id = ${eb.ref('teacherRates.teacherRateId')}) +
    (select count(*) from payment_lines where payment_lines.teacher_rate_id = ${eb.ref('teacherRates.teacherRateId')})
  )::integer`;

export async function ratesOf(db: Db, teacherId: number, onlyActive = false): Promise<TeacherRate[]> {
  let query = db
    .selectFrom('teacherRates')
    .select((eb) => ['teacherRateId', 'teacherId', 'description', 'ratePence', 'timeUnitId', 'active', useCount(eb).as('uses')])
    .where('teacherId', '=', teacherId);
  if (onlyActive) query = query.where('active', '=', true);
  const rows = await query.orderBy('teacherRateId').execute();
  return rows.map(({ uses, ...r }) => ({ ...r, rate: r.ratePence / 100, inUse: uses > 0 }));
}

export async function findRate(db: Db, teacherRateId: number) {
  return db
    .selectFrom('teacherRates')
    .select((eb) => ['teacherRateId', 'teacherId', useCount(eb).as('uses')])
    .where('teacherRateId', '=', teacherRateId)
    .executeTakeFirst();
}

export async function deleteRateRow(db: Db, teacherRateId: number): Promise<void> {
  await db.deleteFrom('teacherRates').where('teacherRateId', '=', teacherRateId).execute();
}

export async function countRates(db: Db, teacherId: number): Promise<number> {
  const { n } = await db.selectFrom('teacherRates').select((eb) => eb.fn.countAll<number>().as('n')).where('teacherId', '=', teacherId).executeTakeFirstOrThrow();
  return Number(n);
}

export interface TeacherColumns {
  firstName: string;
  lastName: string;
  email: string;
  address1: string | null;
  address2: string | null;
  town: string | null;
  city: string | null;
  county: string | null;
  postCode: string | null;
  nationalityId: number | null;
  dateOfBirth: string | null;
  genderId: number | null;
  mobile: string | null;
  landline: string | null;
  notes: string | null;
  avatarId: number | null;
  active?: boolean;
}

export async function insertTeacher(db: Db, values: TeacherColumns): Promise<number> {
  const { teacherId } = await db.insertInto('teachers').values(values).returning('teacherId').executeTakeFirstOrThrow();
  return teacherId;
}

export async function updateTeacher(db: Db, teacherId: number, values: TeacherColumns): Promise<boolean> {
  const result = await db.updateTable('teachers').set(values).where('teacherId', '=', teacherId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function replaceSubjects(db: Db, teacherId: number, subjectIds: number[]): Promise<void> {
  await db.deleteFrom('teacherSubjects').where('teacherId', '=', teacherId).execute();
  if (subjectIds.length > 0) {
    await db.insertInto('teacherSubjects').values(subjectIds.map((subjectId) => ({ teacherId, subjectId }))).execute();
  }
}

export async function insertRate(db: Db, teacherId: number, rate: { description: string; ratePence: number; active: boolean }): Promise<void> {
  await db.insertInto('teacherRates').values({ teacherId, ...rate }).execute();
}

export async function updateRate(db: Db, teacherRateId: number, rate: { description: string; ratePence: number; active: boolean }): Promise<void> {
  await db.updateTable('teacherRates').set(rate).where('teacherRateId', '=', teacherRateId).execute();
}

export async function setTeacherActive(db: Db, teacherId: number, active: boolean): Promise<boolean> {
  const result = await db.updateTable('teachers').set({ active }).where('teacherId', '=', teacherId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function existingSubjectIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('subjects').select('subjectId').where('subjectId', 'in', ids).execute();
  return new Set(rows.map((r) => r.subjectId));
}

export async function avatarExists(db: Db, avatarId: number): Promise<boolean> {
  return (await db.selectFrom('avatars').select('avatarId').where('avatarId', '=', avatarId).executeTakeFirst()) !== undefined;
}

export async function nationalityExists(db: Db, nationalityId: number): Promise<boolean> {
  return (await db.selectFrom('nationalities').select('nationalityId').where('nationalityId', '=', nationalityId).executeTakeFirst()) !== undefined;
}
