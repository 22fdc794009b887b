import { asksForPage, type PageInfo, type SortDirection } from '@rollbook/shared-types/list-page';
import { sql, type RawBuilder } from 'kysely';
import { AppError } from './app-error.js';

// The server side of shared-types/list-page: which rows a list query asks for, and the ORDER BY
// that puts them in one total order (the sort key, then the row's id in the same direction).

export interface PageRequest<K extends string> {
  /** False for the older whole-list call (no page, pageSize or after). */
  paged: boolean;
  page: number;
  pageSize: number;
  offset: number;
  sort: K;
  dir: SortDirection;
}

export interface PageQuery<K extends string> {
  page?: number | undefined;
  pageSize?: number | undefined;
  after?: string | undefined;
  sort?: K | undefined;
  dir?: SortDirection | undefined;
}

export interface ListDefaults<K extends string> {
  sort: K;
  /** The direction of each key when `dir` is not sent (default 'asc'). */
  naturalDir?: Partial<Record<K, SortDirection>>;
  pageSize: number;
}

export function pageRequest<K extends string>(q: PageQuery<K>, defaults: ListDefaults<K>): PageRequest<K> {
  const sort = q.sort ?? defaults.sort;
  const dir = q.dir ?? defaults.naturalDir?.[sort] ?? 'asc';
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? defaults.pageSize;
  return { paged: asksForPage(q), page, pageSize, offset: (page - 1) * pageSize, sort, dir };
}

export const pageInfo = (p: PageRequest<string>, total: number): PageInfo => ({ total, page: p.page, pageSize: p.pageSize, sort: p.sort, dir: p.dir });

/**
 * `key dir, id dir`: PostgreSQL's own null placement (last ascending, first descending), so an
 * index on (key, id) serves both directions. A key of several columns (a last name, then the first
 * name) takes `dir` on each of them.
 */
export function orderBySql(key: RawBuilder<unknown> | readonly RawBuilder<unknown>[], id: RawBuilder<unknown>, dir: SortDirection): RawBuilder<unknown> {
  const d = sql.raw(dir);
  return sql.join([...(Array.isArray(key) ? key : [key]), id].map((column) => sql`${column} ${d}`));
}

/** `%text%` for LIKE on lower-cased text, the wildcards in `text` taken literally. */
export const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What a keyset sort key's values are, for reading them back out of a cursor. */
export type KeyKind = 'instant' | 'text' | 'int';
export type KeyValue = Date | string | number;

export interface Cursor {
  value: KeyValue;
  id: number;
}

const CURSOR_OUT_OF_DATE = 'This page link no longer fits the list: please go back to the first page';

/** The `next` cursor after a row: its sort key value and id, for this sort and direction only. */
export function encodeCursor(sort: string, dir: SortDirection, value: KeyValue, id: number): string {
  const v = value instanceof Date ? value.toISOString() : value;
  return Buffer.from(JSON.stringify([sort, dir, v, id])).toString('base64url');
}

/** The row a cursor points after; a 400 on `after` when it is not one of ours or was made for another sort. */
export function decodeCursor(text: string, sort: string, dir: SortDirection, kind: KeyKind): Cursor {
  const refuse = () => new AppError(400, 'BAD_REQUEST', CURSOR_OUT_OF_DATE, { after: [CURSOR_OUT_OF_DATE] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw refuse();
  const [s, d, v, id] = parsed as unknown[];
  if (s !== sort || d !== dir || !Number.isSafeInteger(id) || (id as number) < 1 || (id as number) > 2_147_483_647) throw refuse();
  if (kind === 'int') {
    if (!Number.isSafeInteger(v)) throw refuse();
    return { value: v as number, id: id as number };
  }
  if (typeof v !== 'string' || v.length > 400) throw refuse();
  if (kind === 'instant') {
    const at = new Date(v);
    if (Number.isNaN(at.getTime())) throw refuse();
    return { value: at, id: id as number };
  }
  return { value: v, id: id as number };
}
