import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from '../db/create-db.js';
import { checkedStorageKey, type FileStore } from './file-store.js';

const PART_BYTES = 512 * 1024;

/**
 * The bytes of `content` in parts of `partBytes` (the last one shorter), as the database keeps a
 * document and a backup carries one kept on disk; an empty stream is one empty part.
 */
export async function* inParts(content: AsyncIterable<Buffer>, partBytes = PART_BYTES): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let parts = 0;
  const part = () => {
    const bytes = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    parts++;
    return bytes;
  };
  for await (const chunk of content) {
    for (let offset = 0; offset < chunk.length;) {
      const take = Math.min(partBytes - pendingBytes, chunk.length - offset);
      pending.push(chunk.subarray(offset, offset + take));
      pendingBytes += take;
      offset += take;
      if (pendingBytes === partBytes) yield part();
    }
  }
  // An empty file is one empty part, so "is it there" has an answer.
  if (pendingBytes > 0 || parts === 0) yield part();
}

/**
 * Uploaded documents kept in the database (table file_blobs), in parts: the store every server of
 * a cluster shares without a shared folder. Bytes stream in and out a part at a time.
 */
export function createDatabaseFileStore(db: Db): FileStore {
  const removeAll = async (key: string) => {
    await db.deleteFrom('fileBlobs').where('storageKey', '=', key).execute();
  };
  return {
    async put(key, content) {
      checkedStorageKey(key);
      let part = 0;
      let size = 0;
      try {
        for await (const bytes of inParts(content as AsyncIterable<Buffer>)) {
          await db.insertInto('fileBlobs').values({ storageKey: key, part: part++, bytes }).execute();
          size += bytes.length;
        }
      } catch (err) {
        await removeAll(key);
        throw err;
      }
      return size;
    },
    async get(key) {
      checkedStorageKey(key);
      const first = await db.selectFrom('fileBlobs').select(sql<number>`1`.as('found')).where('storageKey', '=', key).where('part', '=', 0).executeTakeFirst();
      if (!first) return null;
      let part = 0;
      return new Readable({
        async read() {
          try {
            const row = await db.selectFrom('fileBlobs').select('bytes').where('storageKey', '=', key).where('part', '=', part++).executeTakeFirst();
            this.push(row ? Buffer.from(row.bytes) : null);
          } catch (err) {
            this.destroy(err as Error);
          }
        },
      });
    },
    async delete(key) {
      checkedStorageKey(key);
      await removeAll(key);
    },
  };
}

/** Removes bytes no file record names, left by an upload cut off before its record was written. */
export async function purgeUnreferencedFileBlobs(db: Db): Promise<number> {
  const result = await db.deleteFrom('fileBlobs')
    .where('createdAt', '<', sql<Date>`now() - interval '1 day'`)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('files').select('files.fileId').whereRef('files.storageKey', '=', 'fileBlobs.storageKey'))))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
