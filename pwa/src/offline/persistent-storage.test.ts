import { describe, expect, it, vi } from 'vitest';
import { requestPersistentStorage } from './persistent-storage';

const storageWith = (persisted: boolean, grants: boolean) =>
  ({ persisted: vi.fn(async () => persisted), persist: vi.fn(async () => grants) }) as unknown as StorageManager;

describe('asking for persistent storage', () => {
  it('asks once storage is not yet persistent, and reports the answer', async () => {
    const storage = storageWith(false, true);
    await expect(requestPersistentStorage(storage)).resolves.toBe(true);
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask again when storage is already persistent', async () => {
    const storage = storageWith(true, false);
    await expect(requestPersistentStorage(storage)).resolves.toBe(true);
    expect(storage.persist).not.toHaveBeenCalled();
  });

  it('answers false where the browser declines, fails or has no StorageManager', async () => {
    await expect(requestPersistentStorage(storageWith(false, false))).resolves.toBe(false);
    const failing = { persist: vi.fn(async () => Promise.reject(new Error('nope'))) } as unknown as StorageManager;
    await expect(requestPersistentStorage(failing)).resolves.toBe(false);
    await expect(requestPersistentStorage(undefined)).resolves.toBe(false);
  });
});
