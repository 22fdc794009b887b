import type { Notice } from '@rollbook/shared-types/notices';

/** Who a stream belongs to: admins hear every notice, a teacher only those naming them. */
export interface NoticeListener {
  isAdmin: boolean;
  teacherId: number | null;
  send(notice: Notice): void;
}

/**
 * Publish/subscribe for live notices. A hub holds this server's open streams; `broadcast` carries
 * what is published here to the other servers, whose hubs `deliver` it to theirs (notice-channel).
 */
export class NoticeHub {
  private readonly listeners = new Map<number, NoticeListener>();
  private nextId = 1;

  constructor(private readonly broadcast: (notice: Notice) => void = () => undefined) {}

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

  /** Sends the notice to every stream allowed to hear it, on this server and the others; answers how many here got it. */
  publish(notice: Notice): number {
    const delivered = this.deliver(notice);
    this.broadcast(notice);
    return delivered;
  }

  /** Sends the notice to this server's streams allowed to hear it; answers how many got it. */
  deliver(notice: Notice): number {
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
