import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from '../db/create-db.js';
import { checkedStorageKey, type FileStore } from './file-store.js';

const PART_BYTES = 512 * 1024;

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
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        const bytes = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        await db.insertInto('fileBlobs').values({ storageKey: key, part: part++, bytes }).execute();
      };
      try {
        for await (const chunk of content as AsyncIterable<Buffer>) {
          for (let offset = 0; offset < chunk.length;) {
            const take = Math.min(PART_BYTES - pendingBytes, chunk.length - offset);
            pending.push(chunk.subarray(offset, offset + take));
            pendingBytes += take;
            offset += take;
            size += take;
            if (pendingBytes === PART_BYTES) await flush();
          }
        }
        // An empty file is one empty part, so "is it there" has an answer.
        if (pendingBytes > 0 || part === 0) await flush();
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
