import {
  ROOM_DEFAULT_SORT, ROOM_MESSAGES, ROOM_PAGE_SIZE, ROOM_SORT_NATURAL_DIR, validateRoomForm, type Room, type RoomListQuery, type RoomPage, type RoomUpsertRequest,
} from '@rollbook/shared-types/rooms';
import type { Db } from '../../db/create-db.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { pageInfo, pageRequest } from '../../lib/list-page.js';
import { findRoom, insertRoom, listMatchingRooms, listRooms, listRoomsOfCompany, pageRooms, updateRoom } from './rooms.repository.js';

/**
 * getall. With page or pageSize (the rooms screen): one page in the asked order with the total of
 * every match. Without them (older clients): every match as a bare array, by company then name.
 */
export async function getRoomList(db: Db, q: RoomListQuery): Promise<Room[] | RoomPage> {
  const p = pageRequest(q, { sort: ROOM_DEFAULT_SORT, naturalDir: ROOM_SORT_NATURAL_DIR, pageSize: ROOM_PAGE_SIZE });
  const filter = { q: q.q, companyId: q.companyId };
  if (!p.paged) return listMatchingRooms(db, filter, q.sort || q.dir ? p : undefined);
  const { rooms, total } = await pageRooms(db, filter, p);
  return { rooms, ...pageInfo(p, total) };
}

export async function getRoom(db: Db, roomId: number): Promise<Room> {
  const room = await findRoom(db, roomId);
  if (!room) throw notFound('Room not found');
  return room;
}

/** Rooms a course can use: its company's; a private course (no company) may use any room. */
export async function getRoomsForCourse(db: Db, courseId: number): Promise<Room[]> {
  const course = await db.selectFrom('courses').select('companyId').where('courseId', '=', courseId).executeTakeFirst();
  if (!course) throw notFound('Course not found');
  return course.companyId === null ? listRooms(db) : listRoomsOfCompany(db, course.companyId);
}

export async function saveRoom(db: Db, body: RoomUpsertRequest): Promise<Room> {
  const checked = validateRoomForm(body);
  if (!checked.value) throw badRequest(Object.values(checked.fieldErrors)[0]?.[0] ?? ROOM_MESSAGES.name, checked.fieldErrors);
  const form = checked.value;
  const company = await db.selectFrom('companies').select('companyId').where('companyId', '=', form.companyId).executeTakeFirst();
  if (!company) throw badRequest(ROOM_MESSAGES.companyId, { companyId: [ROOM_MESSAGES.companyId] });
  let roomId = body.roomId ?? 0;
  if (roomId > 0) {
    if (!(await updateRoom(db, roomId, form))) throw notFound('Room not found');
  } else {
    roomId = await insertRoom(db, form);
  }
  return getRoom(db, roomId);
}

export { listRooms, listRoomsOfCompany };
