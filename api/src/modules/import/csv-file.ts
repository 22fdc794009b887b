import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '@rollbook/shared-types/import';
import { parse } from 'csv-parse/sync';
import { AppError } from '../../lib/app-error.js';

// Reading an uploaded file as CSV, as Excel, Numbers, LibreOffice and Google Sheets save it.

export interface CsvTable {
  separator: ',' | ';';
  headings: string[];
  /** The data records; record i is spreadsheet row i + 2 (the headings are row 1). */
  records: string[][];
}

const badFile = (code: string, message: string) => new AppError(400, code, message);

const UTF8 = new TextDecoder('utf-8', { fatal: true });
// Excel's plain "CSV (Comma delimited)" saves in the Windows code page, not UTF-8.
const WINDOWS_1252 = new TextDecoder('windows-1252');

function decode(bytes: Buffer): string {
  if (bytes.subarray(0, 4).equals(Buffer.from('PK\u0003\u0004', 'latin1'))) throw badFile('IMPORT_NOT_CSV', IMPORT_MESSAGES.workbook);
  // Text files hold no NUL byte; PDFs, images and old .xls workbooks do near the start.
  if (bytes.subarray(0, 8192).includes(0)) throw badFile('IMPORT_NOT_CSV', IMPORT_MESSAGES.notCsv);
  let text: string;
  try {
    text = UTF8.decode(bytes); // also drops a UTF-8 byte order mark
  } catch {
    text = WINDOWS_1252.decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

/**
 * The separator of the heading line: ';' where more semicolons than commas stand outside quotes
 * (Excel in much of Europe saves with ';', as its lists use the decimal comma), else ','.
 */
export function detectSeparator(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

const PARSE_PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quote (") is opened and never closed',
  CSV_INVALID_CLOSING_QUOTE: 'a quoted value is followed by more text before the next separator',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a quoted value is followed by more text before the next separator',
  CSV_MAX_RECORD_SIZE: 'a row is far too long',
};

/** The file's headings and records, or a 400 naming what is wrong with the file. */
export function readCsv(bytes: Buffer): CsvTable {
  const text = decode(bytes);
  if (text.trim() === '') throw badFile('IMPORT_EMPTY', IMPORT_MESSAGES.empty);
  const separator = detectSeparator(text);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: separator,
      relax_column_count: true,
      // A stray quote inside an unquoted value is kept as a character, as Excel reads it.
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: 1_000_000,
      // Stops reading past the limit: a file of millions of short lines is refused, not held whole.
      to: IMPORT_MAX_ROWS + 2,
    }) as string[][];
  } catch (err) {
    const { code, lines } = err as { code?: string; lines?: number };
    const problem = (code && PARSE_PROBLEMS[code]) ?? 'it is not laid out as comma or semicolon separated values';
    throw badFile('IMPORT_NOT_CSV', `The file could not be read as CSV: on line ${lines ?? 1} ${problem}`);
  }
  if (records.length > IMPORT_MAX_ROWS + 1) throw badFile('IMPORT_TOO_MANY_ROWS', IMPORT_MESSAGES.tooManyRows);
  // Spreadsheets often save empty rows below the data.
  while (records.length > 0 && (records.at(-1) as string[]).every((cell) => cell.trim() === '')) records.pop();
  const [headings, ...data] = records;
  if (!headings) throw badFile('IMPORT_EMPTY', IMPORT_MESSAGES.empty);
  if (data.length === 0) throw badFile('IMPORT_NO_ROWS', IMPORT_MESSAGES.noRows);
  return { separator, headings: headings.map((h) => h.trim()), records: data };
}
