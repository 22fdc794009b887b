import type { OutboxRow } from './db';
import { OfflineChangeError, queueMutation, type ChangeContext } from './local-changes';
import { refreshRowOf } from './local-rows';
import { mutationOf } from './mutation-effects';

// A refused or conflicting change waits in the outbox as a sync issue until the teacher chooses.

export type IssueChoice = 'mine' | 'theirs';

export const ISSUE_CLOSED_MESSAGE = 'This sync issue has already been resolved';

export const isIssue = (row: OutboxRow): boolean => row.status === 'rejected' || row.status === 'conflict';

/**
 * 'theirs': drop the change (the row already shows the server's value).
 * 'mine': queue the teacher's value again as a NEW change based on the server's current version
 * (merged into our copy when the server answered), so it applies unless someone changes it again.
 * Returns the new outbox row for 'mine'.
 */
export interface ResolveOptions {
  /** Re-apply a reschedule refused for a clash, as the teacher confirmed the clash warning. */
  allowClashes?: boolean;
}

export function resolveSyncIssue(ctx: ChangeContext, seq: number, choice: IssueChoice, options: ResolveOptions = {}): Promise<OutboxRow | null> {
  const { db } = ctx;
  return db.transaction('rw', [db.outbox, db.attendance, db.classes, db.meta], async () => {
    const issue = await db.outbox.get(seq);
    if (!issue || !isIssue(issue) || issue.userId !== ctx.userId) throw new OfflineChangeError(ISSUE_CLOSED_MESSAGE);
    await db.outbox.delete(seq);
    if (choice === 'theirs') {
      await refreshRowOf(db, issue);
      return null;
    }
    const mutation = mutationOf(issue);
    if (options.allowClashes && (mutation.name === 'rescheduleClass' || mutation.name === 'moveClassToEnd')) mutation.args = { ...mutation.args, allowClashes: true };
    return queueMutation(ctx, mutation);
  });
}
