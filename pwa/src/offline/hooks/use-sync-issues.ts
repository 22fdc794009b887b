import { syncIssues, type SyncIssueView } from '../sync-issue-views';
import { useOfflineQuery } from './use-offline-query';

// Only the Sync issues list (loaded on the first tap) reads this: see sync-issue-views.

/** Refused and conflicting changes with the reason, what they were and the server's value. */
export function useSyncIssues(): SyncIssueView[] | undefined {
  return useOfflineQuery(syncIssues, []);
}
