import type { CourseUpsertRequest } from '@rollbook/shared-types/courses';
import type { ImportProblem } from '@rollbook/shared-types/import';
import { isoToDmy } from '@rollbook/shared-types/dates';
import { COURSE_STATUS_NAMES } from '@rollbook/shared-types/statuses';
import { comparable, readDateAsDmy, readList, readWholePounds, readYesNo } from './cell-values.js';
import { headingOf, lookupProblem, notADate } from './import-plan.js';
import type { SourceRow } from './import-rows.js';
import type { Found, Lookups } from './name-lookup.js';
import type { StoredCourse } from './courses-import.repository.js';

// A course row read into the course form's request, so validateCourseForm judges it as it judges
// the form; the names (type, subject, level, company, status) become ids here.

const H = (key: string) => headingOf('courses', key);

/** The stored course as the form would send it, or a new course's blanks. */
export function courseFormInput(stored: StoredCourse | null): CourseUpsertRequest {
  const c = stored?.columns;
  return {
    title: c?.title ?? '', description: c?.description ?? '', typeId: c?.course_type_id ?? 0, subjectId: c?.subject_id ?? 0,
    courseLevelId: c?.course_level_id ?? 0, companyId: c?.company_id ?? null, addressId: c?.address_id ?? null,
    definedAddress: c?.defined_address ?? null, private: c?.private ?? false, sponsored: c?.sponsored ?? false, virtual: c?.virtual ?? false,
    startDateString: c?.start_date ? isoToDmy(c.start_date) : '', endDateString: c?.end_date ? isoToDmy(c.end_date) : '',
    duration: c?.duration ?? '', classLengthTemplate: c?.class_length_template ?? '',
    price: c ? c.price_pence / 100 : '', maxNumberStudents: c?.max_number_students ?? null, minNumberStudents: c?.min_number_students ?? null,
  };
}

const STATUS_IDS = new Map(Object.entries(COURSE_STATUS_NAMES).map(([id, name]) => [comparable(name), Number(id)]));

export interface CourseCells {
  problems: ImportProblem[];
  reported: Set<string>;
  courseStatusId: number | null;
  /** Lower-case e-mails of the students to enrol. */
  studentEmails: string[];
}

/** Copies the row's cells over `input` (a column in the file replaces the value, an empty cell clears it). */
export function readCourseCells(row: SourceRow, lookups: Lookups, input: CourseUpsertRequest): CourseCells {
  const out: CourseCells = { problems: [], reported: new Set(), courseStatusId: null, studentEmails: [] };
  const report = (problem: ImportProblem | null) => {
    if (!problem) return;
    out.problems.push(problem);
    if (problem.column) out.reported.add(problem.column);
  };
  const cell = (key: string) => row.cells.get(key);
  const text = (key: string, field: 'title' | 'description' | 'definedAddress') => {
    const value = cell(key);
    if (value !== undefined) input[field] = value;
  };
  text('title', 'title');
  text('description', 'description');
  text('venue', 'definedAddress');

  const named = (key: string, lookup: keyof Lookups, noun: string, hint = ''): number | null | undefined => {
    const value = cell(key);
    if (value === undefined) return undefined;
    if (value === '') return null;
    const found: Found = lookups[lookup].find(value);
    report(lookupProblem(found, H(key), noun, value, hint));
    return 'id' in found ? found.id : null;
  };
  const typeId = named('type', 'courseTypes', 'course type');
  if (typeId !== undefined) input.typeId = typeId ?? 0;
  const subjectId = named('subject', 'subjects', 'subject');
  if (subjectId !== undefined) input.subjectId = subjectId ?? 0;
  const levelId = named('level', 'levels', 'level');
  if (levelId !== undefined) input.courseLevelId = levelId ?? 0;
  const companyId = named('company', 'companies', 'company', ': please write its code instead');
  if (companyId !== undefined) {
    // The venue address belongs to a company: it goes when the company changes.
    if (companyId !== input.companyId) input.addressId = null;
    input.companyId = companyId;
  }

  for (const [key, field] of [['private', 'private'], ['sponsored', 'sponsored'], ['virtual', 'virtual']] as const) {
    const value = cell(key);
    if (value === undefined) continue;
    const yes = value === '' ? false : readYesNo(value);
    if (yes === null) report({ column: H(key), message: 'Please write Yes or No' });
    input[field] = yes ?? false;
  }
  for (const [key, field] of [['startDate', 'startDateString'], ['endDate', 'endDateString']] as const) {
    const value = cell(key);
    if (value === undefined) continue;
    const dmy = value === '' ? '' : readDateAsDmy(value);
    if (dmy === null) report(notADate(H(key), value));
    input[field] = dmy ?? '';
  }
  const numbers = [['numberOfClasses', 'duration'], ['classLength', 'classLengthTemplate'], ['maxStudents', 'maxNumberStudents'], ['minStudents', 'minNumberStudents']] as const;
  for (const [key, field] of numbers) {
    const value = cell(key);
    if (value !== undefined) input[field] = value;
  }
  const price = cell('price');
  if (price !== undefined) input.price = readWholePounds(price) ?? price;

  const status = cell('status');
  if (status !== undefined && status !== '') {
    out.courseStatusId = STATUS_IDS.get(comparable(status)) ?? null;
    if (out.courseStatusId === null) report({ column: H('status'), message: 'Please write Draft, Active, Completed, Archived or Suspended' });
  }
  out.studentEmails = [...new Set(readList(cell('students') ?? '').map((e) => e.toLowerCase()))];
  return out;
}
