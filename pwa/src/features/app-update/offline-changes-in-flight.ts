import { keepsOfflineCopy } from '../../lib/roles';
import { session } from '../../lib/session';

/**
 * Resolves once no batch of offline changes is in flight, so a reload cannot cut one off. Only a
 * teacher or student has an engine running (it stops as soon as the stored user changes), so for
 * anyone else this resolves at once, without downloading the offline engine and Dexie; loaded on
 * demand, the engine is the same module instance the pages use.
 */
export async function offlineChangesSettled(): Promise<void> {
  if (!keepsOfflineCopy(session.get())) return;
  const { whenIdle } = await import('../../offline/sync-session');
  await whenIdle();
}
