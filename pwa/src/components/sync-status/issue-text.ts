import { showDateTime } from '@rollbook/shared-types/display-dates';
import { ATTENDANCE_STATUS_NAMES } from '@rollbook/shared-types/statuses';
import type { SyncIssueView } from '../../offline/sync-issue-views';

export const issueHeading = (kind: SyncIssueView['kind']): string => (kind === 'conflict' ? 'Conflict' : 'Refused');

/** The server's current value, in words, when it sent one with a conflict or refusal. */
export function serverValueText(issue: Pick<SyncIssueView, 'name' | 'server'>): string | null {
  const server = issue.server;
  if (!server) return null;
  if (issue.name === 'markAttendance' && typeof server.statusId === 'number') {
    return `On the server: ${ATTENDANCE_STATUS_NAMES[server.statusId] ?? `status ${server.statusId}`}`;
  }
  // A class's time, as the server sends it with a reschedule's conflict or refusal.
  if (typeof server.startsAt === 'string') {
    const length = typeof server.classLength === 'number' ? ` (${server.classLength} mins)` : '';
    return `On the server: ${showDateTime(server.startsAt)}${length}`;
  }
  return null;
}
