import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded documents' bytes live, by storage key: in the database (database-file-store, the
 * default), or in a folder (below) that every server of a cluster mounts. An object store (S3 and
 * the like) can replace either by implementing these three calls.
 */
export interface FileStore {
  /** Streams the bytes in under key; answers how many were written. */
  put(key: string, content: Readable): Promise<number>;
  /** The bytes, or null when the key holds nothing. */
  get(key: string): Promise<Readable | null>;
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Random, unguessable, and the only thing ever used to name stored bytes (never the user's filename). */
export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

const KEY_PATTERN = /^[0-9a-f]{32}$/;

export function checkedStorageKey(key: string): string {
  // Keys come from newStorageKey; refusing anything else means no key can ever point outside the folder.
  if (!KEY_PATTERN.test(key)) throw new Error('Invalid storage key');
  return key;
}

/** Files under root/<first two characters of the key>/<key>. */
export function createDiskFileStore(root: string): FileStore {
  const pathOf = (key: string) => {
    const k = checkedStorageKey(key);
    return { dir: join(root, k.slice(0, 2)), file: join(root, k.slice(0, 2), k) };
  };
  return {
    async put(key, content) {
      const { dir, file } = pathOf(key);
      await mkdir(dir, { recursive: true });
      try {
        await pipeline(content, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      } catch (err) {
        await rm(file, { force: true });
        throw err;
      }
      return (await stat(file)).size;
    },
    async get(key) {
      const { file } = pathOf(key);
      try {
        await stat(file);
      } catch {
        return null;
      }
      return createReadStream(file);
    },
    async delete(key) {
      await rm(pathOf(key).file, { force: true });
    },
  };
}
