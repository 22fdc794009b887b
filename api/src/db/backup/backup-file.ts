import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import { z } from 'zod';

// A backup is one gzipped file of JSON lines: a header (format, version, migrations applied), then for
// each table a line naming its columns followed by one line per row (a JSON array of each value's
// PostgreSQL text form, or null), then the sequences, then the documents kept on disk (FILES_DIR),
// each in parts of base64 bytes, then an end line with the counts and the SHA-256 of every line
// before it. Text forms are exact for every type (bytea as hex, numeric,
// jsonb, timestamps to the microsecond in UTC) and read back by the same engine, so nothing is
// rounded through JavaScript numbers or dates. The end line makes a cut-short file fail as loudly
// as a damaged one.

export const BACKUP_FORMAT = 'rollbook-backup';
// 2: document lines (uploaded documents kept in FILES_DIR) after the sequences.
export const BACKUP_FORMAT_VERSION = 2;

/** A refusal with a message for the person running the command (no stack trace needed). */
export class BackupError extends Error {}

export const HeaderLineSchema = z.object({
  kind: z.literal('header'),
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  createdAt: z.string(),
  source: z.enum(['postgres', 'pglite']),
  /** The newest migration applied, for messages. */
  migration: z.string().min(1),
  /** Every migration applied: migrations may land out of name order (api/src/db/migrate.ts), so a level is a set. */
  migrations: z.array(z.string().min(1)).min(1),
});
export type HeaderLine = z.infer<typeof HeaderLineSchema>;

export const TableLineSchema = z.object({
  kind: z.literal('table'),
  name: z.string().min(1),
  columns: z.array(z.string().min(1)).min(1),
  types: z.array(z.string().min(1)),
});
export type TableLine = z.infer<typeof TableLineSchema>;

export const SequenceStateSchema = z.object({ name: z.string().min(1), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() });
export type SequenceState = z.infer<typeof SequenceStateSchema>;

export const SequencesLineSchema = z.object({ kind: z.literal('sequences'), values: z.array(SequenceStateSchema) });

/** A part of a document kept on disk (parts as the database's file store keeps them): its storage key (the only name it has there), part number and bytes. */
export const DocumentLineSchema = z.object({
  kind: z.literal('document'),
  key: z.string().regex(/^[0-9a-f]{32}$/),
  part: z.number().int().min(0),
  data: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/),
});

export const EndLineSchema = z.object({ kind: z.literal('end'), tables: z.number().int(), rows: z.number().int(), sha256: z.string() });

const RowSchema = z.array(z.string().nullable());
export type Row = z.infer<typeof RowSchema>;

/** Writes lines to a gzipped file, keeping the running hash the end line records. */
export class BackupWriter {
  private readonly gzip = createGzip();
  private readonly out: ReturnType<typeof createWriteStream>;
  private readonly hash: Hash = createHash('sha256');
  private readonly done: Promise<unknown>;

  constructor(path: string) {
    // Owner only: a backup holds every person's details, password hashes and unsent e-mails.
    this.out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
    this.gzip.pipe(this.out);
    this.done = Promise.all([once(this.out, 'finish'), once(this.out, 'close')]);
    this.out.on('error', () => undefined);
  }

  async write(line: unknown): Promise<void> {
    const text = `${typeof line === 'string' ? line : JSON.stringify(line)}\n`;
    this.hash.update(text);
    if (!this.gzip.write(text)) await once(this.gzip, 'drain');
  }

  async end(counts: { tables: number; rows: number }): Promise<void> {
    this.gzip.end(`${JSON.stringify({ kind: 'end', ...counts, sha256: this.hash.digest('hex') })}\n`);
    await this.done;
  }

  destroy(): void {
    this.gzip.destroy();
    this.out.destroy();
  }
}

export type BackupItem =
  | { kind: 'table'; table: TableLine }
  | { kind: 'row'; row: Row }
  | { kind: 'sequences'; values: SequenceState[] }
  | { kind: 'document'; key: string; part: number; bytes: Buffer };

export interface BackupContents {
  header: HeaderLine;
  tables: { name: string; columns: string[]; rows: number }[];
  sequences: SequenceState[];
  rows: number;
  /** Documents from FILES_DIR the file carries, and their bytes. */
  documents: { count: number; bytes: number };
}

function damaged(path: string, why: string): BackupError {
  return new BackupError(`${path} is not a readable Rollbook backup (${why}); nothing was restored.`);
}

function unreadable(path: string, err: Error): BackupError {
  if ((err as NodeJS.ErrnoException).code === 'ENOENT') return new BackupError(`${path}: no such file; nothing was restored.`);
  return damaged(path, `${err.message}: not a gzip file, or damaged`);
}

function parseLine<T>(schema: z.ZodType<T>, text: string, path: string, lineNo: number): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw damaged(path, `line ${lineNo} is not JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw damaged(path, `line ${lineNo} is not what a backup holds there`);
  return parsed.data;
}

/**
 * Reads a backup from start to end, checking its shape, counts and hash, and hands each table,
 * row and the sequences to `onItem` (when given). Restore reads a file twice: once without onItem
 * to prove it whole before touching the database, once to load it.
 */
export async function readBackup(path: string, onItem?: (item: BackupItem) => Promise<void> | void): Promise<BackupContents> {
  const hash = createHash('sha256');
  const input = createReadStream(path).on('error', () => undefined);
  const gunzip = createGunzip();
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
  let streamError: Error | null = null;
  const fail = (err: Error) => { streamError = err; lines.close(); };
  input.on('error', fail);
  gunzip.on('error', fail);

  let header: HeaderLine | null = null;
  let current: BackupContents['tables'][number] | null = null;
  const tables: BackupContents['tables'] = [];
  let sequences: SequenceState[] | null = null;
  let end: z.infer<typeof EndLineSchema> | null = null;
  let rows = 0;
  const documents = { count: 0, bytes: 0 };
  const documentKeys = new Set<string>();
  let document: { key: string; part: number } | null = null;
  let lineNo = 0;
  try {
    for await (const text of lines) {
      lineNo++;
      if (end) throw damaged(path, `line ${lineNo} follows the end line`);
      if (lineNo === 1) {
        const first = parseLine(z.object({ kind: z.literal('header'), format: z.literal(BACKUP_FORMAT), version: z.number().int() }).loose(), text, path, 1);
        if (first.version > BACKUP_FORMAT_VERSION) {
          throw new BackupError(`${path} was written in backup format ${first.version} by a newer Rollbook; this one reads format ${BACKUP_FORMAT_VERSION}. Upgrade Rollbook first; nothing was restored.`);
        }
        header = parseLine(HeaderLineSchema, text, path, 1);
      } else if (text.startsWith('[')) {
        const row = parseLine(RowSchema, text, path, lineNo);
        if (!current || sequences) throw damaged(path, `line ${lineNo} is a row outside a table`);
        if (row.length !== current.columns.length) throw damaged(path, `line ${lineNo} has ${row.length} values for ${current.columns.length} columns of ${current.name}`);
        current.rows++;
        rows++;
        await onItem?.({ kind: 'row', row });
      } else {
        const kind = parseLine(z.object({ kind: z.string() }).loose(), text, path, lineNo).kind;
        if (kind === 'table') {
          if (sequences) throw damaged(path, `line ${lineNo}: a table after the sequences`);
          const table = parseLine(TableLineSchema, text, path, lineNo);
          if (tables.some((t) => t.name === table.name)) throw damaged(path, `table ${table.name} appears twice`);
          current = { name: table.name, columns: table.columns, rows: 0 };
          tables.push(current);
          await onItem?.({ kind: 'table', table });
        } else if (kind === 'sequences') {
          if (sequences) throw damaged(path, `line ${lineNo}: the sequences appear twice`);
          sequences = parseLine(SequencesLineSchema, text, path, lineNo).values;
          await onItem?.({ kind: 'sequences', values: sequences });
        } else if (kind === 'document') {
          if (!sequences) throw damaged(path, `line ${lineNo}: a document before the sequences`);
          const line = parseLine(DocumentLineSchema, text, path, lineNo);
          const follows = line.part === 0 ? !documentKeys.has(line.key) : document?.key === line.key && document.part === line.part - 1;
          if (!follows) throw damaged(path, `line ${lineNo}: part ${line.part} of document ${line.key} is out of order`);
          documentKeys.add(line.key);
          document = { key: line.key, part: line.part };
          const bytes = Buffer.from(line.data, 'base64');
          if (line.part === 0) documents.count++;
          documents.bytes += bytes.length;
          await onItem?.({ kind: 'document', key: line.key, part: line.part, bytes });
        } else if (kind === 'end') {
          end = parseLine(EndLineSchema, text, path, lineNo);
          if (end.sha256 !== hash.digest('hex')) throw damaged(path, 'its contents do not match the checksum at its end');
          continue;
        } else {
          throw damaged(path, `line ${lineNo} is of an unknown kind '${kind}'`);
        }
      }
      hash.update(`${text}\n`);
    }
  } catch (err) {
    lines.close();
    input.destroy();
    // A failing file or gzip stream rejects the loop with its own error: say what it means.
    throw streamError ? unreadable(path, streamError) : err;
  }
  if (streamError) throw unreadable(path, streamError);
  if (!header) throw damaged(path, 'it is empty');
  if (!end) throw damaged(path, 'it ends before its end line: cut short?');
  if (!sequences) throw damaged(path, 'it has no sequences line');
  if (end.tables !== tables.length || end.rows !== rows) throw damaged(path, 'its counts do not match its end line');
  return { header, tables, sequences, rows, documents };
}
