import type { Notice } from '@rollbook/shared-types/notices';

/** Who a stream belongs to: admins hear every notice, a teacher only those naming them. */
export interface NoticeListener {
  isAdmin: boolean;
  teacherId: number | null;
  send(notice: Notice): void;
}

/**
 * In-process publish/subscribe for live notices. One server process holds every open stream; a
 * deployment with several processes would need a shared channel (e.g. PostgreSQL LISTEN/NOTIFY).
 */
export class NoticeHub {
  private readonly listeners = new Map<number, NoticeListener>();
  private nextId = 1;

  subscribe(listener: NoticeListener): () => void {
    const id = this.nextId++;
    this.listeners.set(id, listener);
    return () => {
      this.listeners.delete(id);
    };
  }

  get size(): number {
    return this.listeners.size;
  }

  /** Sends the notice to every listener allowed to hear it; returns how many got it. */
  publish(notice: Notice): number {
    let delivered = 0;
    for (const listener of [...this.listeners.values()]) {
      const visible = forListener(notice, listener);
      if (!visible) continue;
      try {
        listener.send(visible);
        delivered++;
      } catch {
        // A broken stream is cleaned up by its own close handler; the others still get the notice.
      }
    }
    return delivered;
  }
}

/** The notice as a listener may see it: admins whole, a teacher with only their own id, others nothing. */
export function forListener(notice: Notice, listener: Pick<NoticeListener, 'isAdmin' | 'teacherId'>): Notice | null {
  if (listener.isAdmin) return notice;
  if (listener.teacherId !== null && notice.teacherIds.includes(listener.teacherId)) {
    return { ...notice, teacherIds: [listener.teacherId] };
  }
  return null;
}
