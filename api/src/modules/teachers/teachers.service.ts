import { PEOPLE_DEFAULT_SORT, PEOPLE_SORT_NATURAL_DIR, parseDateOfBirth } from '@rollbook/shared-types/people';
import {
  poundsToPence, TEACHER_MESSAGES, TEACHER_PAGE_SIZE, type Teacher, type TeacherListQuery, type TeacherListResponse, type TeacherRate, type TeacherUpsert,
} from '@rollbook/shared-types/teachers';
import type { Db } from '../../db/create-db.js';
import { badRequest, notFound, ruleViolation } from '../../lib/app-error.js';
import { pageInfo, pageRequest } from '../../lib/list-page.js';
import type { Principal } from '../../plugins/auth.js';
import { recordedConsentsOfUser } from '../profile/consents.repository.js';
import {
  avatarExists,
  countRates,
  deleteRateRow,
  existingSubjectIds,
  findRate,
  findTeacher,
  insertRate,
  insertTeacher,
  listTeachers,
  nationalityExists,
  ratesOf,
  replaceSubjects,
  setTeacherActive,
  subjectsOf,
  teacherExists,
  updateRate,
  updateTeacher,
} from './teachers.repository.js';

const TEACHER_NOT_FOUND = 'Teacher not found';
const RATE_NOT_FOUND = 'Rate not found';

/** getall: one page (page 1 of 100 unless asked) in the asked order, by last name unless asked. */
export async function getTeacherList(db: Db, q: TeacherListQuery): Promise<TeacherListResponse> {
  const p = pageRequest(q, { sort: PEOPLE_DEFAULT_SORT, naturalDir: PEOPLE_SORT_NATURAL_DIR, pageSize: TEACHER_PAGE_SIZE });
  const { teachers, total } = await listTeachers(db, q, p);
  return { teachers, ...pageInfo(p, total) };
}

/** An admin may open any teacher, a teacher only themselves; anything else is the same 404 as a missing id. */
async function assertCanSeeTeacher(db: Db, principal: Principal, teacherId: number): Promise<void> {
  const allowed = principal.isAdmin || principal.teacherId === teacherId;
  if (!allowed || !(await teacherExists(db, teacherId))) throw notFound(TEACHER_NOT_FOUND);
}

export async function getTeacher(db: Db, principal: Principal, teacherId: number): Promise<Teacher> {
  await assertCanSeeTeacher(db, principal, teacherId);
  return loadTeacher(db, teacherId, principal.isAdmin);
}

async function loadTeacher(db: Db, teacherId: number, forAdmin: boolean): Promise<Teacher> {
  const row = await findTeacher(db, teacherId);
  if (!row) throw notFound(TEACHER_NOT_FOUND);
  const [rates, subjects, consents] = await Promise.all([ratesOf(db, teacherId), subjectsOf(db, teacherId), recordedConsentsOfUser(db, row.userId)]);
  return { ...row, notes: forAdmin ? row.notes : null, rates, subjects, consents };
}

const isForeignKeyViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23503';

/**
 * Creates or updates a teacher with their subjects and rates in one transaction. The rates sent are
 * the whole list: a saved rate left out is deleted, unless it is in use.
 */
export async function upsertTeacher(db: Db, input: TeacherUpsert): Promise<Teacher> {
  const fieldErrors: Record<string, string[]> = {};
  const subjectIds = [...new Set(input.subjectIds)];
  const known = await existingSubjectIds(db, subjectIds);
  if (subjectIds.some((id) => !known.has(id))) fieldErrors.subjectIds = [TEACHER_MESSAGES.subjectUnknown];
  if (input.avatarId !== null && !(await avatarExists(db, input.avatarId))) fieldErrors.avatarId = [TEACHER_MESSAGES.avatarUnknown];
  if (input.nationalityId !== null && !(await nationalityExists(db, input.nationalityId))) fieldErrors.nationalityId = [TEACHER_MESSAGES.nationalityUnknown];
  if (input.teacherId !== null && !(await teacherExists(db, input.teacherId))) throw notFound(TEACHER_NOT_FOUND);
  const savedRates = input.teacherId === null ? [] : await ratesOf(db, input.teacherId);
  const savedRateIds = new Set(savedRates.map((r) => r.teacherRateId));
  input.rates.forEach((rate, i) => {
    if (rate.teacherRateId !== null && !savedRateIds.has(rate.teacherRateId)) fieldErrors[`rates.${i}.teacherRateId`] = [RATE_NOT_FOUND];
  });
  if (Object.keys(fieldErrors).length > 0) throw badRequest(Object.values(fieldErrors).flat().join('; '), fieldErrors);

  const keptIds = new Set(input.rates.map((r) => r.teacherRateId).filter((id): id is number => id !== null));
  const dropped = savedRates.filter((r) => !keptIds.has(r.teacherRateId));
  if (dropped.some((r) => r.inUse)) throw ruleViolation(TEACHER_MESSAGES.rateInUse, 'RATE_IN_USE');

  const { teacherId, dateOfBirthString, subjectIds: _subjects, rates, ...columns } = input;
  // The date of birth is stored exactly as entered. The old product set it to the current time on
  // every save (recorded in the spec, §4); that destroyed the real date, so Rollbook does not copy it.
  const values = { ...columns, dateOfBirth: dateOfBirthString ? parseDateOfBirth(dateOfBirthString) : null };
  if (values.active === undefined) delete values.active;

  try {
    const savedId = await db.transaction().execute(async (trx) => {
      let id: number;
      if (teacherId === null) {
        id = await insertTeacher(trx, values);
      } else {
        if (!(await updateTeacher(trx, teacherId, values))) throw notFound(TEACHER_NOT_FOUND);
        id = teacherId;
      }
      await replaceSubjects(trx, id, subjectIds);
      for (const rate of dropped) await deleteRateRow(trx, rate.teacherRateId);
      for (const rate of rates) {
        const row = { description: rate.description, ratePence: poundsToPence(rate.rate), active: rate.active };
        if (rate.teacherRateId === null) await insertRate(trx, id, row);
        else await updateRate(trx, rate.teacherRateId, row);
      }
      return id;
    });
    return loadTeacher(db, savedId, true);
  } catch (err) {
    // A class took the rate between the check and the delete: the foreign key still refuses it.
    if (isForeignKeyViolation(err)) throw ruleViolation(TEACHER_MESSAGES.rateInUse, 'RATE_IN_USE');
    throw err;
  }
}

export async function teacherRates(db: Db, principal: Principal, teacherId: number, onlyActive: boolean): Promise<TeacherRate[]> {
  await assertCanSeeTeacher(db, principal, teacherId);
  return ratesOf(db, teacherId, onlyActive);
}

/** Non-zero: how many classes, series and payment lines use the rate. */
export async function rateUseCount(db: Db, teacherRateId: number): Promise<number> {
  const rate = await findRate(db, teacherRateId);
  if (!rate) throw notFound(RATE_NOT_FOUND);
  return rate.uses;
}

/** Deletes an unused rate and answers the teacher's remaining rates. The last rate stays: a teacher needs one. */
export async function deleteRate(db: Db, teacherRateId: number): Promise<TeacherRate[]> {
  const rate = await findRate(db, teacherRateId);
  if (!rate) throw notFound(RATE_NOT_FOUND);
  if (rate.uses > 0) throw ruleViolation(TEACHER_MESSAGES.rateInUse, 'RATE_IN_USE');
  if ((await countRates(db, rate.teacherId)) <= 1) throw ruleViolation(TEACHER_MESSAGES.rates, 'LAST_RATE');
  try {
    await deleteRateRow(db, teacherRateId);
  } catch (err) {
    if (isForeignKeyViolation(err)) throw ruleViolation(TEACHER_MESSAGES.rateInUse, 'RATE_IN_USE');
    throw err;
  }
  return ratesOf(db, rate.teacherId);
}

export async function updateTeacherStatus(db: Db, teacherId: number, active: boolean): Promise<{ teacherId: number; active: boolean }> {
  if (!(await setTeacherActive(db, teacherId, active))) throw notFound(TEACHER_NOT_FOUND);
  return { teacherId, active };
}
