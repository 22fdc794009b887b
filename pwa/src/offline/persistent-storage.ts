/**
 * Asks the browser not to evict this origin's storage under pressure (the outbox may hold the only
 * copy of a teacher's marks). Resolves true when storage is, or becomes, persistent; false where the
 * browser declines or has no StorageManager. Safe to call on every start.
 */
export async function requestPersistentStorage(storage: StorageManager | undefined = globalThis.navigator?.storage): Promise<boolean> {
  if (!storage?.persist) return false;
  try {
    if (await storage.persisted?.()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
