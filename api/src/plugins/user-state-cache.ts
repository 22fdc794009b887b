import type { Db } from '../db/create-db.js';
import type { Notifications } from '../db/notifications.js';

export interface UserState {
  active: boolean;
  tokensValidAfterSeconds: number;
}

// A token stays usable only while its user exists, is active and has not had its sessions ended
// (password changed, access removed). That is looked up, briefly cached so a busy phone's burst of
// calls costs one query. Every change to it is notified by the database (migration 090300) to every
// server, which drops its cached copy at once; while this server's notification session is lost,
// nothing is taken from the cache, and all of it is dropped when the session is back.
const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;
export const USER_STATE_CHANNEL = 'rollbook_user_state';

export class UserStateCache {
  private readonly entries = new Map<number, UserState & { loadedAt: number }>();
  /** Counts forgets: a state read while one happened may be the old one, and is not kept. */
  private forgets = 0;

  constructor(private readonly db: Db, private readonly notifications: Notifications) {}

  /** Starts following the other servers' changes. */
  async follow(): Promise<void> {
    await this.notifications.listen(USER_STATE_CHANNEL, (payload) => this.forget(Number(payload)));
    this.notifications.onReconnect(() => this.forgetAll());
  }

  async get(userId: number): Promise<UserState | null> {
    const hit = this.notifications.connected ? this.entries.get(userId) : undefined;
    if (hit && Date.now() - hit.loadedAt < TTL_MS) return hit;
    const forgetsBefore = this.forgets;
    const row = await this.db.selectFrom('users').select(['active', 'tokensValidAfter']).where('userId', '=', userId).executeTakeFirst();
    if (!row) {
      this.entries.delete(userId);
      return null;
    }
    const state = { active: row.active, tokensValidAfterSeconds: Math.floor(row.tokensValidAfter.getTime() / 1000) };
    if (this.forgets === forgetsBefore) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(userId, { ...state, loadedAt: Date.now() });
    }
    return state;
  }

  forget(userId: number): void {
    this.forgets += 1;
    this.entries.delete(userId);
  }

  forgetAll(): void {
    this.forgets += 1;
    this.entries.clear();
  }
}
