import type { Notice } from '@rollbook/shared-types/notices';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { isOwnChange, refreshAfterNotice } from './notice-effects';

const notice: Notice = { type: 'settlement-raised', paymentHeaderId: 42, teacherIds: [1] };

describe('notice effects', () => {
  it('marks the reports, dashboard and class lists stale and leaves other queries alone', async () => {
    const client = new QueryClient();
    for (const key of [['reports', 'x'], ['dashboard', 'y'], ['classes'], ['students']]) client.setQueryData(key, 1);
    await refreshAfterNotice(client);
    const stale = client.getQueryCache().getAll().filter((q) => q.isStale()).map((q) => q.queryKey[0]);
    expect(stale.sort()).toEqual(['classes', 'dashboard', 'reports']);
  });

  it('knows a report this tab raised itself, once the raise has answered', async () => {
    const client = new QueryClient();
    let answer: (value: unknown) => void = () => undefined;
    const raise = client.getMutationCache().build(client, {
      mutationKey: ['reports', 'raise'],
      mutationFn: () => new Promise((resolve) => (answer = resolve)),
    });
    const running = raise.execute(undefined);
    await vi.waitFor(() => expect(client.isMutating()).toBe(1));
    // The notice can arrive before the raise's own answer: the check waits for it.
    const own = isOwnChange(client, notice);
    answer({ paymentHeader: { paymentHeaderId: 42 } });
    await running;
    await expect(own).resolves.toBe(true);
    await expect(isOwnChange(client, { ...notice, paymentHeaderId: 43 })).resolves.toBe(false);
  });

  it('knows a report this tab deleted, and treats any other change as someone else\'s', async () => {
    const client = new QueryClient();
    await expect(isOwnChange(client, notice)).resolves.toBe(false);
    await client.getMutationCache().build(client, { mutationKey: ['reports', 'delete-payments'], mutationFn: async () => ({ paymentHeaderId: 42 }) }).execute(undefined);
    await expect(isOwnChange(client, { ...notice, type: 'settlement-deleted' })).resolves.toBe(true);
  });
});
