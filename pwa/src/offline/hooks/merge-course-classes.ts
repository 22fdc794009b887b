import type { ClassItem } from '@rollbook/shared-types/classes';
import type { ClassView } from '../class-views';

// A long course has classes outside the phone's synced window (4 weeks back, 8 ahead): its full
// list comes from the server when online, and the phone's own rows are laid over it.

/**
 * The course's classes by start time: the server's list with this phone's rows on top. A phone row
 * with a change not yet sent always wins (the server does not know it yet); otherwise the newer
 * version wins. Rows only the phone has (a class the server list leaves out) are kept.
 */
export function mergeCourseClasses(local: ClassView[], server: ClassItem[]): ClassView[] {
  const merged = new Map<number, ClassView>();
  for (const cls of server) {
    // Not on this device: no change can be queued for it, so its schedule version is never read.
    merged.set(cls.classId, { ...cls, scheduleVersion: -1, pending: false, movingToEnd: false });
  }
  for (const cls of local) {
    const fromServer = merged.get(cls.classId);
    if (!fromServer || cls.pending || cls.version >= fromServer.version) merged.set(cls.classId, cls);
  }
  return [...merged.values()].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.classId - b.classId);
}
