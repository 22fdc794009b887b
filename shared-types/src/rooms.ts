import { z } from 'zod';
import { BodyIdOrZeroSchema, formIntegerInput, IdFilterSchema, IdSchema, INT32_MAX, isBlankInput, readIntegerIn } from './integers.js';
import { DEFAULT_PAGE_SIZE, pageQueryShape, pageResponseSchema, SearchTextSchema } from './list-page.js';

// Rooms (spec §2.7): a room belongs to a company; capacity defaults to 10.

export const ROOM_DEFAULT_CAPACITY = 10;

export const ROOM_MESSAGES = {
  name: 'Please enter a room name',
  companyId: 'Please select a company',
  capacity: 'Please enter a capacity from 1 to 10000',
  saved: 'Room successfully saved',
} as const;

export const RoomSchema = z.object({
  roomId: z.number().int(),
  name: z.string(),
  capacity: z.number().int(),
  companyId: z.number().int(),
  company: z.string(),
  description: z.string().nullable(),
});
export type Room = z.infer<typeof RoomSchema>;
export const RoomListSchema = z.array(RoomSchema);

/** The rooms list's sort keys: its visible columns (default company, then the room's name). */
export const ROOM_SORT_KEYS = ['name', 'company', 'capacity', 'description'] as const;
export type RoomSortKey = (typeof ROOM_SORT_KEYS)[number];
export const ROOM_DEFAULT_SORT = 'company' satisfies RoomSortKey;
/** The direction of a sort key when none is asked for: the largest rooms first, the rest A to Z. */
export const ROOM_SORT_NATURAL_DIR = { capacity: 'desc' } as const satisfies Partial<Record<RoomSortKey, 'asc' | 'desc'>>;
/** The spec names no page size for rooms. */
export const ROOM_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/**
 * GET /api/rooms/getall. Without page or pageSize (older clients): every matching room, by company
 * then name, as a bare array. With them: one page as RoomPage.
 */
export const RoomListQuerySchema = z.object(pageQueryShape(ROOM_SORT_KEYS)).extend({
  /** Part of the room's name, its company's name or its description (any case). */
  q: SearchTextSchema.optional(),
  /** One company's rooms; -1, 0 or absent: every company. */
  companyId: IdFilterSchema,
});
export type RoomListQuery = z.infer<typeof RoomListQuerySchema>;

export const RoomPageSchema = pageResponseSchema('rooms', RoomSchema);
export type RoomPage = z.infer<typeof RoomPageSchema>;
/** getall's answer: the bare list (no paging asked) or one page. */
export const RoomListResponseSchema = z.union([RoomListSchema, RoomPageSchema]);

const ROOM_FORM_RULES = { capacity: { min: 1, max: 10_000 }, companyId: { min: 1, max: INT32_MAX } } as const;

/** The room form. Loose on purpose: validateRoomForm gives each field its message. */
export const RoomUpsertRequestSchema = z.object({
  /** Absent or 0 creates a room. */
  roomId: BodyIdOrZeroSchema,
  name: z.string().max(200).nullable().optional(),
  /** 12 or "12" (see integers.ts); empty: ROOM_DEFAULT_CAPACITY. */
  capacity: formIntegerInput(ROOM_FORM_RULES.capacity, { blankIsNone: true }),
  companyId: formIntegerInput(ROOM_FORM_RULES.companyId),
  description: z.string().max(2000).nullable().optional(),
});
export type RoomUpsertRequest = z.infer<typeof RoomUpsertRequestSchema>;

export interface RoomForm {
  name: string;
  capacity: number;
  companyId: number;
  description: string | null;
}

export function validateRoomForm(input: RoomUpsertRequest): { value: RoomForm; fieldErrors?: undefined } | { value?: undefined; fieldErrors: Record<string, string[]> } {
  const fieldErrors: Record<string, string[]> = {};
  const name = (input.name ?? '').trim();
  if (!name) fieldErrors.name = [ROOM_MESSAGES.name];
  const companyId = readIntegerIn(input.companyId, ROOM_FORM_RULES.companyId);
  if (companyId === null) fieldErrors.companyId = [ROOM_MESSAGES.companyId];
  const capacity = isBlankInput(input.capacity) ? ROOM_DEFAULT_CAPACITY : readIntegerIn(input.capacity, ROOM_FORM_RULES.capacity);
  if (capacity === null) fieldErrors.capacity = [ROOM_MESSAGES.capacity];
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
  return { value: { name, capacity: capacity as number, companyId: companyId as number, description: (input.description ?? '').trim() || null } };
}

export const RoomIdQuerySchema = z.object({ id: IdSchema });
