import type { SignedInUser } from '@rollbook/shared-types/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { offlineChangesSettled } from './offline-changes-in-flight';

// UPDATE waits for a batch of offline changes in flight, which only a teacher or student can have:
// an admin's UPDATE must not load the offline engine (Dexie) to find that out.
const engine = vi.hoisted(() => ({ loads: 0, whenIdle: vi.fn(async () => undefined) }));
vi.mock('../../offline/sync-session', () => {
  engine.loads += 1;
  return { whenIdle: engine.whenIdle };
});

const user = (userId: number, role: 'Teacher' | 'CompanyAdmin'): SignedInUser => ({
  token: `token-${userId}`, expiresAt: '2099-01-01T00:00:00Z', userId, firstName: 'A', lastName: 'B', username: `u${userId}`,
  avatarImage: null, entityId: userId, roles: [{ name: role, entityId: role === 'CompanyAdmin' ? null : userId }],
});

afterEach(() => {
  session.signOut();
});

// In this order: the engine's module, once loaded, stays loaded.
describe('before UPDATE reloads the app', () => {
  it("settles at once for an admin, without loading the offline engine", async () => {
    session.set(user(1, 'CompanyAdmin'));
    await offlineChangesSettled();
    expect(engine.loads).toBe(0);
  });

  it("waits for the teacher's batch in flight", async () => {
    let finishBatch: () => void = () => undefined;
    engine.whenIdle.mockImplementationOnce(() => new Promise<undefined>((resolve) => (finishBatch = () => resolve(undefined))));
    session.set(user(7, 'Teacher'));
    let settled = false;
    const settling = offlineChangesSettled().then(() => (settled = true));
    await vi.waitFor(() => expect(engine.whenIdle).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    finishBatch();
    await settling;
    expect(settled).toBe(true);
    expect(engine.loads).toBe(1);
  });
});
