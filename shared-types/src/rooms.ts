import { z } from 'zod';
import { IdSchema } from './common.js';

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

/** The room form. Loose on purpose: validateRoomForm gives each field its message. */
export const RoomUpsertRequestSchema = z.object({
  /** Absent or 0 creates a room. */
  roomId: z.coerce.number().int().min(0).max(2_147_483_647).nullable().optional(),
  name: z.string().max(200).nullable().optional(),
  capacity: z.union([z.number(), z.string().max(20)]).nullable().optional(),
  companyId: z.union([z.number(), z.string().max(20)]).nullable().optional(),
  description: z.string().max(2000).nullable().optional(),
});
export type RoomUpsertRequest = z.infer<typeof RoomUpsertRequestSchema>;

export interface RoomForm {
  name: string;
  capacity: number;
  companyId: number;
  description: string | null;
}

const wholeNumber = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : null;
  return typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Number(v.trim()) : null;
};

export function validateRoomForm(input: RoomUpsertRequest): { value: RoomForm; fieldErrors?: undefined } | { value?: undefined; fieldErrors: Record<string, string[]> } {
  const fieldErrors: Record<string, string[]> = {};
  const name = (input.name ?? '').trim();
  if (!name) fieldErrors.name = [ROOM_MESSAGES.name];
  const companyId = wholeNumber(input.companyId);
  if (companyId === null || companyId < 1 || companyId > 2_147_483_647) fieldErrors.companyId = [ROOM_MESSAGES.companyId];
  const blankCapacity = input.capacity === null || input.capacity === undefined || input.capacity === '';
  const capacity = blankCapacity ? ROOM_DEFAULT_CAPACITY : wholeNumber(input.capacity);
  if (capacity === null || capacity < 1 || capacity > 10_000) fieldErrors.capacity = [ROOM_MESSAGES.capacity];
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
  return { value: { name, capacity: capacity as number, companyId: companyId as number, description: (input.description ?? '').trim() || null } };
}

export const RoomIdQuerySchema = z.object({ id: IdSchema });
