import { z } from 'zod';
import { integerSchema, PageNumberSchema } from './integers.js';

// One paging, sorting and search contract for every admin list: courses, classes,
// students, teachers, companies, rooms, notes, files and settlement reports.
//
// Query (all optional; added to each list's own filters):
//   page      1-based page number.
//   pageSize  rows per page, 1..MAX_PAGE_SIZE; default: the list's page size (the spec's where it
//             names one: students and teachers 100).
//   sort      one of the list's sort keys (its visible columns); default: the list's own order.
//   dir       'asc' or 'desc'; default: the sort key's natural direction.
//   after     keyset lists only (classes): the `next` cursor of the page before; it picks the rows
//             instead of the page number's offset, so deep pages cost what the first one does.
//   q         free-text search (lists whose spec has a text filter keep that name instead:
//             courses and classes `title`, students `name`, teachers `searchText`).
// Rows always come in a total order: the sort key, then the row's id in the same direction.
//
// Answer: the rows under the list's existing field name (`courses`, `classes`, `students`, ...)
// with the PageInfo fields beside them: total (rows matching the filters, not only this page),
// page, pageSize, sort, dir and, for keyset lists, next.
//
// A call that sends none of page, pageSize or after keeps the list's older meaning and shape (the
// whole list, or students/teachers page 1 of 100), for the clients that rely on it.

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const SortDirectionSchema = z.enum(SORT_DIRECTIONS);
export type SortDirection = z.infer<typeof SortDirectionSchema>;

/**
 * No list page carries more rows than this, whatever pageSize asks. Lists with wide rows (courses
 * and classes, ~1 KB each) accept fewer (their own max), so that no page answer passes 100 KB.
 */
export const MAX_PAGE_SIZE = 100;
/** Page size of the lists whose spec names none. */
export const DEFAULT_PAGE_SIZE = 50;
export const pageSizeSchema = (max: number = MAX_PAGE_SIZE) => integerSchema({ min: 1, max });
export const SearchTextSchema = z.string().trim().max(200);
/** An opaque cursor as the API wrote it in `next`. */
export const PageCursorSchema = z.string().min(1).max(500);

/** The paging and sorting fields of a list query, for `sortKeys` (its visible columns). */
export function pageQueryShape<const K extends readonly [string, ...string[]]>(sortKeys: K, maxPageSize: number = MAX_PAGE_SIZE) {
  return {
    page: PageNumberSchema.optional(),
    pageSize: pageSizeSchema(maxPageSize).optional(),
    sort: z.enum(sortKeys).optional(),
    dir: SortDirectionSchema.optional(),
  };
}

/** pageQueryShape plus `after`, for the lists paged by keyset. */
export function keysetPageQueryShape<const K extends readonly [string, ...string[]]>(sortKeys: K, maxPageSize: number = MAX_PAGE_SIZE) {
  return { ...pageQueryShape(sortKeys, maxPageSize), after: PageCursorSchema.optional() };
}

/** True when the call asks for a page (page, pageSize or after), false for the older whole-list call. */
export function asksForPage(q: { page?: number | undefined; pageSize?: number | undefined; after?: string | undefined }): boolean {
  return q.page !== undefined || q.pageSize !== undefined || q.after !== undefined;
}

/** What a paged answer says beside its rows. */
export const PageInfoShape = {
  /** Rows matching the filters (all pages). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The sort key the rows are in (the list's default when none was asked for). */
  sort: z.string(),
  dir: SortDirectionSchema,
};

/** Keyset lists also answer the cursor of the next page (null on the last one). */
export const KeysetPageInfoShape = {
  ...PageInfoShape,
  next: z.string().nullable(),
};

export type PageInfo = { total: number; page: number; pageSize: number; sort: string; dir: SortDirection };
export type KeysetPageInfo = PageInfo & { next: string | null };

/** `{ [itemsKey]: item[], total, page, pageSize, sort, dir }`. */
export function pageResponseSchema<const Key extends string, Item extends z.ZodType>(itemsKey: Key, item: Item) {
  return z.object({ [itemsKey]: z.array(item), ...PageInfoShape } as { [P in Key]: z.ZodArray<Item> } & typeof PageInfoShape);
}

/** The number of pages `total` rows fill at `pageSize` a page (at least 1). */
export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));
