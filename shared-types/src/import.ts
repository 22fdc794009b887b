import { z } from 'zod';

// Import from CSV: students, teachers, and courses with their enrolments. A file is
// previewed first (every row's problems, nothing written), then imported in one transaction or not
// at all. The columns below are the contract: the API reads them, the screen lists them and builds
// each kind's template from them.

export const IMPORT_KINDS = ['students', 'teachers', 'courses'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The largest file and the most rows one import takes. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;

export interface ImportColumn {
  /** The key the API reads the cell as. */
  key: string;
  /** The heading in the file (matched ignoring case, spaces and punctuation). */
  heading: string;
  /** The heading must be in the file (the cell may still be empty where the form allows it). */
  required: boolean;
  /** What to write in it, shown on the screen. */
  help: string;
}

const column = (key: string, heading: string, required: boolean, help: string): ImportColumn => ({ key, heading, required, help });

const DATE_HELP = 'A date, e.g. 31/01/1990';
const EXTERNAL_ID_HELP = 'Your own id for the record (from your previous system). Rows are matched by it first';

// The columns students and teachers share, each stated once; the two kinds list them in this order.
const PERSON_IDENTITY: readonly ImportColumn[] = [
  column('externalId', 'External id', false, EXTERNAL_ID_HELP),
  column('firstName', 'First name', true, ''),
  column('lastName', 'Last name', true, ''),
  column('email', 'Email', true, 'Rows without an external id are matched by it'),
];
const PERSON_DETAILS: readonly ImportColumn[] = [
  column('dateOfBirth', 'Date of birth', false, DATE_HELP),
  column('gender', 'Gender', false, 'Male, Female or Other'),
  column('nationality', 'Nationality', false, "As in Rollbook's list, e.g. British"),
];
/** The address's first lines; each kind adds its own (county, country or city) before the post code. */
const PERSON_STREET: readonly ImportColumn[] = [
  column('address1', 'Address 1', false, ''),
  column('address2', 'Address 2', false, ''),
  column('town', 'Town', false, ''),
];
const COUNTY = column('county', 'County', false, '');
const PERSON_CONTACT: readonly ImportColumn[] = [
  column('postCode', 'Post code', false, ''),
  column('mobile', 'Mobile', false, ''),
  column('landline', 'Landline', false, ''),
  column('notes', 'Notes', false, "The school's own notes"),
];

export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  students: [
    ...PERSON_IDENTITY,
    column('company', 'Company', true, 'The name or code of a company in Rollbook'),
    ...PERSON_DETAILS,
    ...PERSON_STREET,
    COUNTY,
    column('country', 'Country', false, ''),
    ...PERSON_CONTACT,
  ],
  teachers: [
    ...PERSON_IDENTITY,
    column('rateName', 'Rate name', true, 'A pay rate, e.g. Standard. A rate of that name is added or changed; none is removed'),
    column('ratePerHour', 'Rate per hour', true, 'Pounds an hour, e.g. 25.50'),
    column('subjects', 'Subjects', false, 'Subjects taught, separated by commas, e.g. English, French'),
    column('active', 'Active', false, 'Yes or No (new teachers are active)'),
    ...PERSON_DETAILS,
    ...PERSON_STREET,
    column('city', 'City', false, ''),
    COUNTY,
    ...PERSON_CONTACT,
  ],
  courses: [
    column('externalId', 'External id', true, 'Your own id for the course (from your previous system). Rows are matched by it'),
    column('title', 'Title', true, ''),
    column('description', 'Description', true, ''),
    column('type', 'Type', true, 'Group or Individual'),
    column('subject', 'Subject', true, 'A subject in Rollbook, e.g. English'),
    column('level', 'Level', true, 'A level in Rollbook, e.g. Beginner'),
    column('company', 'Company', true, 'The name or code of a company in Rollbook; leave it empty for a private course'),
    column('private', 'Private', false, 'Yes or No'),
    column('sponsored', 'Sponsored', false, 'Yes or No'),
    column('virtual', 'Virtual', false, 'Yes or No'),
    column('startDate', 'Start date', true, 'A date, e.g. 05/01/2027'),
    column('endDate', 'End date', true, 'A date, e.g. 30/06/2027'),
    column('numberOfClasses', 'Number of classes', true, 'A whole number'),
    column('classLength', 'Class length', true, 'Minutes of each class, e.g. 60'),
    column('price', 'Price', true, 'Whole pounds, e.g. 1200'),
    column('maxStudents', 'Max students', false, 'A whole number'),
    column('minStudents', 'Min students', false, 'A whole number'),
    column('status', 'Status', false, 'Draft, Active, Completed, Archived or Suspended (new courses are Draft)'),
    column('venue', 'Venue', false, 'The address, when the course is not at the company'),
    column('students', 'Students', false, 'Emails of students to enrol, separated by commas. Import them as students first'),
  ],
};

/** What the screen says about dates and matching (the README says the same). */
export const IMPORT_DATE_FORMS = ['31/01/1990 or 1/1/1990 (day first)', '1990-01-31', '31-Jan-1990', 'an Excel date number, e.g. 32904'];

export const IMPORT_MESSAGES = {
  noFile: 'Please choose a CSV file to import',
  empty: 'The file is empty',
  noRows: 'The file has headings but no rows',
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Please split it into smaller files`,
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows, the most one import takes. Please split it into smaller files`,
  workbook: 'This is an Excel workbook, not a CSV file. In Excel choose File, Save As, "CSV UTF-8 (Comma delimited)" and import that file',
  notCsv: 'This is not a CSV file. Please save the spreadsheet as CSV and import that file',
  hasProblems: (rows: number) => `Nothing was imported: ${rows === 1 ? '1 row has' : `${rows} rows have`} problems. Please fix the file and try again`,
} as const;

export const ImportQuerySchema = z.object({
  kind: z.enum(IMPORT_KINDS, { error: 'kind must be students, teachers or courses' }),
});
export type ImportQuery = z.infer<typeof ImportQuerySchema>;

/** A problem of one row, in plain words; `column` is the heading it concerns, or null for the whole row. */
export const ImportProblemSchema = z.object({ column: z.string().nullable(), message: z.string() });
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

/** What importing the row does: add a record, change one, or nothing (it already says this). */
export const ImportOutcomeSchema = z.enum(['create', 'update', 'unchanged']);
export type ImportOutcome = z.infer<typeof ImportOutcomeSchema>;

export const ImportRowSchema = z.object({
  /** The row's number in the spreadsheet: the headings are row 1. */
  rowNumber: z.number().int(),
  /** The row's cells, in the order of `headings`. */
  values: z.array(z.string()),
  problems: z.array(ImportProblemSchema),
  /** null while the row has problems. */
  outcome: ImportOutcomeSchema.nullable(),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

export const ImportTotalsSchema = z.object({
  rows: z.number().int(),
  rowsWithProblems: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
});

/** POST /api/import/Preview?kind=: every row of the file with its problems; nothing is written. */
export const ImportPreviewSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  /** The separator found in the file. */
  separator: z.enum([',', ';']),
  /** The file's headings, as written in Rollbook's columns. */
  headings: z.array(z.string()),
  rows: z.array(ImportRowSchema),
  totals: ImportTotalsSchema,
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** POST /api/import/Run?kind=: what the import did. */
export const ImportResultSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;
