import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncState } from '../../offline/hooks/use-sync-state';
import { SyncStatusBar } from './sync-status-bar';

const state: { current: SyncState } = { current: {} as SyncState };
vi.mock('../../offline/hooks/use-sync-state', () => ({
  useSyncState: () => state.current,
}));
vi.mock('../../offline/hooks/use-sync-issues', () => ({ useSyncIssues: () => [] }));

const base: SyncState = {
  online: true, pendingCount: 0, sendingCount: 0, lastSyncedAt: null, lastPulledAt: '2026-11-23T09:05:00Z', needsSignIn: false,
  oldestPendingAgeMs: null, maxAttempts: 0, issuesCount: 0, stuck: false, pulling: false, lastSendError: null, lastPullError: null,
};

afterEach(cleanup);

describe('the warnings above the phone pages', () => {
  it('asks the teacher to sign in again when the server no longer accepts their sign-in', () => {
    state.current = { ...base, needsSignIn: true, pendingCount: 3 };
    render(<SyncStatusBar showChanges />);
    expect(screen.getByRole('alert').textContent).toContain('Please sign in again to send your changes.');
  });

  it('warns when changes have waited more than 24 hours', () => {
    state.current = { ...base, stuck: true, pendingCount: 1, oldestPendingAgeMs: 26 * 3_600_000, maxAttempts: 4, lastSendError: 'Service unavailable' };
    render(<SyncStatusBar showChanges />);
    const text = screen.getByRole('alert').textContent ?? '';
    expect(text).toContain('Some of your changes have not reached the server yet.');
    expect(text).toContain('The oldest has waited 26 hours and sending has failed 4 times.');
    expect(text).toContain('Last error: Service unavailable');
  });

  it('warns after 10 failed attempts', () => {
    state.current = { ...base, stuck: true, pendingCount: 1, oldestPendingAgeMs: 20 * 60_000, maxAttempts: 10 };
    render(<SyncStatusBar showChanges />);
    expect(screen.getByRole('alert').textContent).toContain('The oldest has waited 20 minutes and sending has failed 10 times.');
  });

  it('shows no warning when all is well, and none of the teacher\'s warnings to students', () => {
    state.current = base;
    render(<SyncStatusBar showChanges />);
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    state.current = { ...base, stuck: true, needsSignIn: true };
    render(<SyncStatusBar showChanges={false} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Last updated 09:05')).toBeTruthy();
  });

  it('says "Not updated yet" before the first download', () => {
    state.current = { ...base, lastPulledAt: null };
    render(<SyncStatusBar showChanges={false} />);
    expect(screen.getByText('Not updated yet')).toBeTruthy();
  });
});
