import type { Room, RoomForm } from '@rollbook/shared-types/rooms';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';

function selectRooms(db: Kysely<DB>) {
  return db.selectFrom('rooms')
    .innerJoin('companies', 'companies.companyId', 'rooms.companyId')
    .select(['rooms.roomId', 'rooms.name', 'rooms.capacity', 'rooms.companyId', 'companies.name as company', 'rooms.description'])
    .orderBy('companies.name').orderBy('rooms.name').orderBy('rooms.roomId');
}

export const listRooms = (db: Kysely<DB>): Promise<Room[]> => selectRooms(db).execute();

export const listRoomsOfCompany = (db: Kysely<DB>, companyId: number): Promise<Room[]> =>
  selectRooms(db).where('rooms.companyId', '=', companyId).execute();

export const findRoom = (db: Kysely<DB>, roomId: number): Promise<Room | undefined> =>
  selectRooms(db).where('rooms.roomId', '=', roomId).executeTakeFirst();

export async function insertRoom(db: Kysely<DB>, form: RoomForm): Promise<number> {
  return (await db.insertInto('rooms').values(form).returning('roomId').executeTakeFirstOrThrow()).roomId;
}

export async function updateRoom(db: Kysely<DB>, roomId: number, form: RoomForm): Promise<boolean> {
  const result = await db.updateTable('rooms').set(form).where('roomId', '=', roomId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
