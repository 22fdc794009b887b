import type { SyncIssueView } from '../../offline/sync-state-views';
import { ATTENDANCE_STATUS_NAMES } from '../mobile-ui/status-names';

export const issueHeading = (kind: SyncIssueView['kind']): string => (kind === 'conflict' ? 'Conflict' : 'Refused');

/** The server's current value, in words, when it sent one with a conflict or refusal. */
export function serverValueText(issue: Pick<SyncIssueView, 'name' | 'server'>): string | null {
  const server = issue.server;
  if (!server) return null;
  if (issue.name === 'markAttendance' && typeof server.statusId === 'number') {
    return `On the server: ${ATTENDANCE_STATUS_NAMES[server.statusId] ?? `status ${server.statusId}`}`;
  }
  if (typeof server.classDateString === 'string' && typeof server.classDatesCombined === 'string') {
    return `On the server: ${server.classDateString} ${server.classDatesCombined}`;
  }
  return null;
}
