import { parseDateOfBirth } from '@rollbook/shared-types/people';
import { STUDENT_MESSAGES, StudentUpsertRequestSchema } from '@rollbook/shared-types/students';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { differs, headingOf, lookupProblem, outcomeOf, schemaProblems, type KindImporter, type PlannedRow } from './import-plan.js';
import type { SourceRow } from './import-rows.js';
import type { Lookups } from './name-lookup.js';
import { PERSON_TEXT_KEYS, personColumnsOfFields, readPersonCells, storedDate, type PersonInput } from './person-cells.js';
import { flagRepeats, keysOf, readExternalId } from './row-keys.js';
import { indexStored, matchRow } from './record-matching.js';
import { findStoredStudents, insertStudents, updateStudents, type StoredStudent, type StudentColumns } from './students-import.repository.js';

const TEXT_KEYS = [...PERSON_TEXT_KEYS, 'country'] as const;
const COLUMN_OF_FIELD = { ...personColumnsOfFields('students', TEXT_KEYS), companyId: headingOf('students', 'company') };

type StudentWrite = StudentColumns & { student_id: number | null };

/** The stored student as the form's input, or a new student's blanks. */
function formInput(stored: StoredStudent | null): PersonInput {
  const c = stored?.columns;
  return {
    firstName: c?.first_name ?? '', lastName: c?.last_name ?? '', email: c?.email ?? '', companyId: c?.company_id ?? 0,
    genderId: c?.gender_id ?? null, dateOfBirthString: storedDate(c?.date_of_birth ?? null), nationalityId: c?.nationality_id ?? null,
    address1: c?.address1 ?? null, address2: c?.address2 ?? null, town: c?.town ?? null, county: c?.county ?? null,
    country: c?.country ?? null, postCode: c?.post_code ?? null, mobile: c?.mobile ?? null, landline: c?.landline ?? null, notes: c?.notes ?? null,
  };
}

function planRow(row: SourceRow, stored: StoredStudent | null, lookups: Lookups): Pick<PlannedRow<StudentWrite>, 'problems' | 'outcome' | 'write'> {
  const input = formInput(stored);
  const { problems, reported } = readPersonCells('students', row, lookups, input, TEXT_KEYS);
  const company = row.cells.get('company') ?? '';
  if (company !== '') {
    const found = lookups.companies.find(company);
    input.companyId = 'id' in found ? found.id : 0;
    const problem = lookupProblem(found, headingOf('students', 'company'), 'company', company, ': please write its code instead');
    if (problem) {
      problems.push(problem);
      reported.add(problem.column as string);
    }
  } else {
    input.companyId = 0; // the form's 'Please select a company'
  }
  const externalId = readExternalId('students', row, stored, problems);
  const parsed = StudentUpsertRequestSchema.safeParse(input);
  if (!parsed.success) problems.push(...schemaProblems(parsed.error, COLUMN_OF_FIELD, reported));
  if (!parsed.success || problems.length > 0) return { problems, outcome: null, write: null };

  const v = parsed.data;
  const columns: StudentColumns = {
    external_id: externalId, first_name: v.firstName, last_name: v.lastName, email: v.email, company_id: v.companyId,
    gender_id: v.genderId, date_of_birth: v.dateOfBirthString ? parseDateOfBirth(v.dateOfBirthString) : null,
    address1: v.address1, address2: v.address2, town: v.town, county: v.county, country: v.country, post_code: v.postCode,
    mobile: v.mobile, landline: v.landline, notes: v.notes, nationality_id: v.nationalityId,
  };
  const changed = stored !== null && differs(stored.columns, columns);
  return { problems, outcome: outcomeOf(stored === null, changed), write: changed || stored === null ? { ...columns, student_id: stored?.id ?? null } : null };
}

export const studentsImporter: KindImporter<StudentWrite> = {
  table: 'students',

  async plan(db: Kysely<DB>, rows: SourceRow[], lookups: Lookups) {
    const emails = rows.map((r) => r.cells.get('email')?.toLowerCase() ?? '').filter(Boolean);
    const externalIds = rows.map((r) => r.cells.get('externalId') ?? '').filter(Boolean);
    const index = indexStored(await findStoredStudents(db, emails, externalIds));
    const planned = rows.map((row): PlannedRow<StudentWrite> => {
      const keys = keysOf(row);
      const match = matchRow(index, keys.externalId, keys.email, { noun: 'student', emailTaken: STUDENT_MESSAGES.emailTaken });
      const result = planRow(row, match.stored, lookups);
      return {
        rowNumber: row.rowNumber, values: row.values, storedId: match.stored?.id ?? null, keys,
        ...result, problems: [...row.problems, ...match.problems, ...result.problems],
      };
    });
    flagRepeats(planned, 'student');
    return planned;
  },

  async write(db: Kysely<DB>, rows: PlannedRow<StudentWrite>[]) {
    const writes = rows.map((r) => r.write).filter((w): w is StudentWrite => w !== null);
    await insertStudents(db, writes.filter((w) => w.student_id === null).map(({ student_id: _id, ...columns }) => columns));
    await updateStudents(db, writes.filter((w): w is StudentColumns & { student_id: number } => w.student_id !== null));
  },
};
