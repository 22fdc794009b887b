import { COURSE_MESSAGES, validateCourseForm } from '@rollbook/shared-types/courses';
import type { ImportProblem } from '@rollbook/shared-types/import';
import { CourseStatus } from '@rollbook/shared-types/statuses';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { enrolStudents } from '../enrolments/enrolments.repository.js';
import { readList } from './cell-values.js';
import { courseFormInput, readCourseCells } from './course-cells.js';
import {
  enrolledPlaces, findStoredCourses, insertCourses, studentIdsByEmail, updateCourses, type CourseColumns, type StoredCourse,
} from './courses-import.repository.js';
import { differs, headingOf, outcomeOf, type KindImporter, type PlannedRow } from './import-plan.js';
import type { SourceRow } from './import-rows.js';
import type { Lookups } from './name-lookup.js';
import { flagRepeats, keysOf, readExternalId } from './row-keys.js';

const H = (key: string) => headingOf('courses', key);
const COLUMN_OF_FIELD: Record<string, string> = {
  title: H('title'), description: H('description'), typeId: H('type'), subjectId: H('subject'), courseLevelId: H('level'),
  companyId: H('company'), startDateString: H('startDate'), endDateString: H('endDate'), duration: H('numberOfClasses'),
  classLengthTemplate: H('classLength'), price: H('price'), maxNumberStudents: H('maxStudents'), minNumberStudents: H('minStudents'),
  addressId: H('company'),
};

interface CourseWrite {
  courseId: number | null;
  externalId: string;
  /** null: the stored columns stay as they are. */
  columns: CourseColumns | null;
  /** Students to enrol who are not Enrolled on it yet. */
  enrol: number[];
}

interface Context {
  lookups: Lookups;
  students: Map<string, number[]>;
  enrolled: Set<string>;
}

/** The students of the Students cell, by e-mail; an e-mail of no student (or of two) is a problem. */
function studentsToEnrol(emails: string[], ctx: Context, problems: ImportProblem[]): number[] {
  const ids: number[] = [];
  for (const email of emails) {
    const found = ctx.students.get(email) ?? [];
    if (found.length === 1) ids.push(found[0] as number);
    else problems.push({ column: H('students'), message: found.length === 0 ? `No student has the email "${email}"` : `More than one student has the email "${email}"` });
  }
  return ids;
}

function planRow(row: SourceRow, stored: StoredCourse | null, ctx: Context): Pick<PlannedRow<CourseWrite>, 'problems' | 'outcome' | 'write'> {
  const input = courseFormInput(stored);
  const cells = readCourseCells(row, ctx.lookups, input);
  const problems = cells.problems;
  const externalId = readExternalId('courses', row, stored, problems);
  if (!externalId) problems.push({ column: H('externalId'), message: 'Please enter an external id: courses are matched by it' });
  const courseStatusId = cells.courseStatusId ?? stored?.columns.course_status_id ?? CourseStatus.Draft;
  if (stored && courseStatusId === CourseStatus.Draft && stored.columns.course_status_id !== CourseStatus.Draft && stored.markedCount > 0) {
    problems.push({ column: H('status'), message: COURSE_MESSAGES.draftWithMarks });
  }
  const enrolIds = studentsToEnrol(cells.studentEmails, ctx, problems);
  const checked = validateCourseForm(input);
  for (const [field, messages] of Object.entries(checked.fieldErrors ?? {})) {
    const column = COLUMN_OF_FIELD[field] ?? null;
    if (column !== null && cells.reported.has(column)) continue;
    for (const message of new Set(messages)) problems.push({ column, message });
  }
  if (!checked.value || problems.length > 0 || !externalId) return { problems, outcome: null, write: null };

  const f = checked.value;
  const columns: CourseColumns = {
    external_id: externalId, title: f.title, description: f.description, course_type_id: f.typeId, subject_id: f.subjectId,
    course_level_id: f.courseLevelId, company_id: f.companyId, address_id: f.addressId, defined_address: f.definedAddress,
    private: f.private, sponsored: f.sponsored, virtual: f.virtual, start_date: f.startDate, end_date: f.endDate, duration: f.duration,
    class_length_template: f.classLengthTemplate, price_pence: f.pricePence, max_number_students: f.maxNumberStudents,
    min_number_students: f.minNumberStudents, course_status_id: courseStatusId,
  };
  const enrol = enrolIds.filter((id) => !stored || !ctx.enrolled.has(`${stored.id}:${id}`));
  const columnsChanged = stored === null || differs(stored.columns, columns);
  const changed = columnsChanged || enrol.length > 0;
  return {
    problems,
    outcome: outcomeOf(stored === null, changed),
    write: changed ? { courseId: stored?.id ?? null, externalId, columns: columnsChanged ? columns : null, enrol } : null,
  };
}

export const coursesImporter: KindImporter<CourseWrite> = {
  table: 'courses',

  async plan(db: Kysely<DB>, rows: SourceRow[], lookups: Lookups) {
    const keys = rows.map((row) => ({ ...keysOf(row), email: null }));
    const stored = await findStoredCourses(db, keys.flatMap((k) => k.externalId ?? []));
    const byExternalId = new Map(stored.map((c) => [c.externalId, c]));
    const emails = rows.flatMap((row) => readList(row.cells.get('students') ?? '').map((email) => email.toLowerCase()));
    const ctx: Context = { lookups, students: await studentIdsByEmail(db, [...new Set(emails)]), enrolled: await enrolledPlaces(db, stored.map((c) => c.id)) };
    const planned = rows.map((row, i): PlannedRow<CourseWrite> => {
      const rowKeys = keys[i] as PlannedRow<CourseWrite>['keys'];
      const match = (rowKeys.externalId && byExternalId.get(rowKeys.externalId)) || null;
      const result = planRow(row, match, ctx);
      return { rowNumber: row.rowNumber, values: row.values, storedId: match?.id ?? null, keys: rowKeys, ...result, problems: [...row.problems, ...result.problems] };
    });
    flagRepeats(planned, 'course');
    return planned;
  },

  async write(db: Kysely<DB>, rows: PlannedRow<CourseWrite>[]) {
    const writes = rows.map((r) => r.write).filter((w): w is CourseWrite => w !== null);
    const newIds = await insertCourses(db, writes.filter((w) => w.courseId === null).map((w) => w.columns as CourseColumns));
    await updateCourses(db, writes.flatMap((w) => (w.courseId !== null && w.columns ? [{ ...w.columns, course_id: w.courseId }] : [])));
    await enrolStudents(db, writes.flatMap((w) => w.enrol.map((studentId) => ({ courseId: w.courseId ?? (newIds.get(w.externalId) as number), studentId }))));
  },
};
