import { typedWholeNumber } from '@rollbook/shared-types/dates';
import { ROOM_DEFAULT_CAPACITY, validateRoomForm, type Room, type RoomUpsertRequest } from '@rollbook/shared-types/rooms';
import type { FieldErrors } from '../../../components/form-fields/field-errors';

export interface RoomFormValues {
  name: string;
  companyId: number;
  capacity: string;
  description: string;
}

/** A new room holds 10 (spec §9). */
export const NEW_ROOM: RoomFormValues = { name: '', companyId: 0, capacity: String(ROOM_DEFAULT_CAPACITY), description: '' };

export const formFromRoom = (room: Room): RoomFormValues => ({
  name: room.name, companyId: room.companyId, capacity: String(room.capacity), description: room.description ?? '',
});

export const sameRoomValues = (a: RoomFormValues, b: RoomFormValues) =>
  a.name === b.name && a.companyId === b.companyId && a.capacity === b.capacity && a.description === b.description;

/** The contract's own rules: 'Please enter a room name', 'Please select a company'. */
export function checkRoomForm(values: RoomFormValues, roomId: number | null): { request: RoomUpsertRequest; fieldErrors?: undefined } | { request?: undefined; fieldErrors: FieldErrors } {
  const request: RoomUpsertRequest = { roomId: roomId ?? 0, name: values.name, companyId: values.companyId, capacity: typedWholeNumber(values.capacity), description: values.description };
  const result = validateRoomForm(request);
  return result.fieldErrors ? { fieldErrors: result.fieldErrors } : { request };
}
