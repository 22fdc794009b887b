import type { SortDirection } from '@rollbook/shared-types/list-page';
import type { Room, RoomForm, RoomSortKey } from '@rollbook/shared-types/rooms';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/database.js';
import { containsPattern, orderBySql, type PageRequest } from '../../lib/list-page.js';

function selectRooms(db: Kysely<DB>) {
  return db.selectFrom('rooms')
    .innerJoin('companies', 'companies.companyId', 'rooms.companyId')
    .select(['rooms.roomId', 'rooms.name', 'rooms.capacity', 'rooms.companyId', 'companies.name as company', 'rooms.description'])
    .orderBy('companies.name').orderBy('rooms.name').orderBy('rooms.roomId');
}

export const listRooms = (db: Kysely<DB>): Promise<Room[]> => selectRooms(db).execute();

// The rooms list: searched by part of the room's name, its company's name or its description, one
// company's or all, in the order of any visible column, then the room id. Rooms are small rows
// (no figures), so a page is one statement; the total rides on it as an uncorrelated subquery (run
// once), so the page itself can stop at its last row.

export interface RoomFilter {
  q?: string | undefined;
  companyId?: number | undefined;
}

const ROOM_SORT_SQL: Record<RoomSortKey, RawBuilder<unknown>> = {
  name: sql`lower(rooms.name)`,
  // A company's rooms together, A to Z by name within it.
  company: sql`lower(companies.name), lower(rooms.name)`,
  capacity: sql`rooms.capacity`,
  description: sql`lower(rooms.description)`,
};

/** ORDER BY of the rooms list; a multi-column key takes `dir` on each of its columns. */
function roomOrder(sort: RoomSortKey, dir: SortDirection) {
  if (sort !== 'company') return orderBySql(ROOM_SORT_SQL[sort], sql`rooms.room_id`, dir);
  const d = sql.raw(dir);
  return sql`lower(companies.name) ${d}, lower(rooms.name) ${d}, rooms.room_id ${d}`;
}

function filteredRooms(db: Kysely<DB>, f: RoomFilter) {
  let query = db.selectFrom('rooms').innerJoin('companies', 'companies.companyId', 'rooms.companyId');
  if (f.companyId !== undefined) query = query.where('rooms.companyId', '=', f.companyId);
  if (f.q) {
    const pattern = containsPattern(f.q);
    query = query.where((eb) => eb.or([
      eb(sql`lower(rooms.name)`, 'like', pattern),
      eb(sql`lower(companies.name)`, 'like', pattern),
      eb(sql`lower(rooms.description)`, 'like', pattern),
    ]));
  }
  return query.select(['rooms.roomId', 'rooms.name', 'rooms.capacity', 'rooms.companyId', 'companies.name as company', 'rooms.description']);
}

/** Every room matching the filter: by company then name as before, or in the asked order. */
export function listMatchingRooms(db: Kysely<DB>, f: RoomFilter, order?: { sort: RoomSortKey; dir: SortDirection }): Promise<Room[]> {
  const query = filteredRooms(db, f);
  return (order ? query.orderBy(roomOrder(order.sort, order.dir)) : query.orderBy('companies.name').orderBy('rooms.name').orderBy('rooms.roomId')).execute();
}

export async function pageRooms(db: Kysely<DB>, f: RoomFilter, p: PageRequest<RoomSortKey>): Promise<{ rooms: Room[]; total: number }> {
  const counted = db.selectFrom(filteredRooms(db, f).as('r')).select(sql<number>`count(*)::int`.as('n'));
  const rows = await filteredRooms(db, f)
    .select(counted.as('total'))
    .orderBy(roomOrder(p.sort, p.dir))
    .limit(p.pageSize)
    .offset(p.offset)
    .execute();
  // A page past the end has no row to carry the total: only then is it asked for again.
  const total = rows[0]?.total ?? (await counted.executeTakeFirst())?.n ?? 0;
  return { rooms: rows.map(({ total: _total, ...room }) => room), total };
}

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
