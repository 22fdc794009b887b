import { parseDateOfBirth } from '@rollbook/shared-types/people';
import { poundsToPence, TEACHER_MESSAGES, TeacherUpsertRequestSchema } from '@rollbook/shared-types/teachers';
import type { ImportProblem } from '@rollbook/shared-types/import';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { comparable, readList, readPounds, readYesNo } from './cell-values.js';
import { differs, headingOf, lookupProblem, outcomeOf, schemaProblems, type KindImporter, type PlannedRow } from './import-plan.js';
import type { SourceRow } from './import-rows.js';
import type { Lookups } from './name-lookup.js';
import { PERSON_TEXT_KEYS, personColumnsOfFields, readPersonCells, storedDate, type PersonInput } from './person-cells.js';
import { indexStored, matchRow } from './record-matching.js';
import { flagRepeats, keysOf, readExternalId } from './row-keys.js';
import {
  findStoredTeachers, insertRates, insertTeachers, replaceSubjects, updateRates, updateTeachers, type StoredTeacher, type TeacherColumns,
} from './teachers-import.repository.js';

const TEXT_KEYS = [...PERSON_TEXT_KEYS, 'city'] as const;
const H = (key: string) => headingOf('teachers', key);
const COLUMN_OF_FIELD = { ...personColumnsOfFields('teachers', TEXT_KEYS), rates: H('rateName'), 'rates.0.description': H('rateName'), 'rates.0.rate': H('ratePerHour'), subjectIds: H('subjects') };

interface TeacherWrite {
  teacherId: number | null;
  /** Lower-case e-mail: finds a new teacher's id after the insert. */
  email: string;
  /** null: the stored columns stay as they are. */
  columns: TeacherColumns | null;
  /** The row's rate to add (no id) or to change (its id); null when the stored one already says it. */
  rate: { teacherRateId: number | null; description: string; ratePence: number } | null;
  /** The subjects the teacher will teach; null when they stay as stored. */
  subjectIds: number[] | null;
}

function formInput(stored: StoredTeacher | null): PersonInput {
  const c = stored?.columns;
  return {
    firstName: c?.first_name ?? '', lastName: c?.last_name ?? '', email: c?.email ?? '', address1: c?.address1 ?? null,
    address2: c?.address2 ?? null, town: c?.town ?? null, city: c?.city ?? null, county: c?.county ?? null, postCode: c?.post_code ?? null,
    nationalityId: c?.nationality_id ?? null, dateOfBirthString: storedDate(c?.date_of_birth ?? null), genderId: c?.gender_id ?? null,
    mobile: c?.mobile ?? null, landline: c?.landline ?? null, notes: c?.notes ?? null, active: c?.active ?? true, subjectIds: stored?.subjectIds ?? [],
  };
}

/** Rate name and rate per hour, and the subjects: the cells only teachers have. */
function readTeacherCells(row: SourceRow, lookups: Lookups, input: PersonInput, report: (p: ImportProblem) => void): void {
  const rateName = row.cells.get('rateName') ?? '';
  const ratePerHour = row.cells.get('ratePerHour') ?? '';
  if (rateName === '' && ratePerHour === '') {
    report({ column: H('rateName'), message: TEACHER_MESSAGES.rates });
    input.rates = [];
  } else {
    input.rates = [{ description: rateName, rate: readPounds(ratePerHour) ?? undefined }];
  }
  const active = row.cells.get('active');
  if (active !== undefined && active !== '') {
    input.active = readYesNo(active) ?? true;
    if (readYesNo(active) === null) report({ column: H('active'), message: 'Please write Yes or No' });
  }
  const subjects = row.cells.get('subjects');
  if (subjects !== undefined) {
    const ids: number[] = [];
    for (const name of readList(subjects)) {
      const found = lookups.subjects.find(name);
      if ('id' in found) ids.push(found.id);
      else report(lookupProblem(found, H('subjects'), 'subject', name) as ImportProblem);
    }
    input.subjectIds = [...new Set(ids)].sort((a, b) => a - b);
  }
}

function planRow(row: SourceRow, stored: StoredTeacher | null, lookups: Lookups): Pick<PlannedRow<TeacherWrite>, 'problems' | 'outcome' | 'write'> {
  const input = formInput(stored);
  const { problems, reported } = readPersonCells('teachers', row, lookups, input, TEXT_KEYS);
  readTeacherCells(row, lookups, input, (problem) => {
    problems.push(problem);
    if (problem.column) reported.add(problem.column);
  });
  const externalId = readExternalId('teachers', row, stored, problems);
  const parsed = TeacherUpsertRequestSchema.safeParse(input);
  if (!parsed.success) problems.push(...schemaProblems(parsed.error, COLUMN_OF_FIELD, reported));
  if (!parsed.success || problems.length > 0) return { problems, outcome: null, write: null };

  const v = parsed.data;
  const columns: TeacherColumns = {
    external_id: externalId, first_name: v.firstName, last_name: v.lastName, email: v.email, address1: v.address1, address2: v.address2,
    town: v.town, city: v.city, county: v.county, post_code: v.postCode, nationality_id: v.nationalityId,
    date_of_birth: v.dateOfBirthString ? parseDateOfBirth(v.dateOfBirthString) : null, gender_id: v.genderId, mobile: v.mobile,
    landline: v.landline, notes: v.notes, active: v.active ?? true,
  };
  const [rate] = v.rates as [(typeof v.rates)[number]];
  const ratePence = poundsToPence(rate.rate);
  const storedRate = stored?.rates.find((r) => comparable(r.description) === comparable(rate.description));
  const rateWrite = storedRate?.ratePence === ratePence ? null : { teacherRateId: storedRate?.teacherRateId ?? null, description: rate.description, ratePence };
  const subjectIds = stored && v.subjectIds.join() === stored.subjectIds.join() ? null : v.subjectIds;
  const columnsChanged = stored === null || differs(stored.columns, columns);
  const changed = columnsChanged || rateWrite !== null || subjectIds !== null;
  return {
    problems,
    outcome: outcomeOf(stored === null, changed),
    write: changed ? { teacherId: stored?.id ?? null, email: v.email.toLowerCase(), columns: columnsChanged ? columns : null, rate: rateWrite, subjectIds } : null,
  };
}

export const teachersImporter: KindImporter<TeacherWrite> = {
  table: 'teachers',

  async plan(db: Kysely<DB>, rows: SourceRow[], lookups: Lookups) {
    const keys = rows.map(keysOf);
    const stored = await findStoredTeachers(db, keys.flatMap((k) => k.email ?? []), keys.flatMap((k) => k.externalId ?? []));
    const index = indexStored(stored);
    const planned = rows.map((row, i): PlannedRow<TeacherWrite> => {
      const match = matchRow(index, keys[i]?.externalId ?? null, keys[i]?.email ?? null, { noun: 'teacher', emailTaken: 'Another teacher already uses this email' });
      const result = planRow(row, match.stored, lookups);
      return {
        rowNumber: row.rowNumber, values: row.values, storedId: match.stored?.id ?? null, keys: keys[i] as PlannedRow<TeacherWrite>['keys'],
        ...result, problems: [...row.problems, ...match.problems, ...result.problems],
      };
    });
    flagRepeats(planned, 'teacher');
    return planned;
  },

  async write(db: Kysely<DB>, rows: PlannedRow<TeacherWrite>[]) {
    const writes = rows.map((r) => r.write).filter((w): w is TeacherWrite => w !== null);
    const newIds = await insertTeachers(db, writes.filter((w) => w.teacherId === null).map((w) => w.columns as TeacherColumns));
    const idOf = (w: TeacherWrite) => w.teacherId ?? (newIds.get(w.email) as number);
    await updateTeachers(db, writes.flatMap((w) => (w.teacherId !== null && w.columns ? [{ ...w.columns, teacher_id: w.teacherId }] : [])));
    const rates = writes.flatMap((w) => (w.rate ? [{ ...w.rate, teacherId: idOf(w) }] : []));
    await insertRates(db, rates.filter((r) => r.teacherRateId === null).map((r) => ({ teacher_id: r.teacherId, description: r.description, rate_pence: r.ratePence })));
    await updateRates(db, rates.flatMap((r) => (r.teacherRateId !== null ? [{ teacher_rate_id: r.teacherRateId, rate_pence: r.ratePence }] : [])));
    await replaceSubjects(db, writes.flatMap((w) => (w.subjectIds ? [{ teacherId: idOf(w), subjectIds: w.subjectIds }] : [])));
  },
};
