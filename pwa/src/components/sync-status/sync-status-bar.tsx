import { IonIcon } from '@ionic/react';
import { cloudOfflineOutline, cloudUploadOutline } from 'ionicons/icons';
import { useSyncState } from '../../offline/hooks/use-sync-state';
import { londonClock } from './clock';
import { SignInAgainBanner } from './sign-in-again-banner';
import { StuckChangesBanner } from './stuck-changes-banner';
import { SyncIssuesButton } from './sync-issues-button';
import './sync-status.css';

interface SyncStatusBarProps {
  /** Teachers make changes offline: they also see the queue, "Last synced" and sync issues. */
  showChanges: boolean;
}

/** Top of every phone page: offline chip, "Last updated HH:MM" and, for teachers, the state of their changes. */
export function SyncStatusBar({ showChanges }: SyncStatusBarProps) {
  const state = useSyncState();
  return (
    <section className="sync-status" aria-label="Sync status">
      {showChanges && state.needsSignIn && <SignInAgainBanner />}
      {showChanges && state.stuck && <StuckChangesBanner oldestAgeMs={state.oldestPendingAgeMs} attempts={state.maxAttempts} lastError={state.lastSendError} />}
      <div className="sync-status__row">
        {!state.online && (
          <span className="sync-chip sync-chip--offline sync-status__offline">
            <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
            <span>Offline</span>
          </span>
        )}
        <span className="sync-status__text">{state.lastPulledAt ? `Last updated ${londonClock(state.lastPulledAt)}` : 'Not updated yet'}</span>
        {showChanges && (
          <>
            <span className={`sync-chip ${state.pendingCount > 0 ? 'sync-chip--pending' : 'sync-chip--idle'} sync-status__pending`}>
              <IonIcon icon={cloudUploadOutline} aria-hidden="true" />
              <span>Pending changes: {state.pendingCount}</span>
            </span>
            {state.lastSyncedAt && <span className="sync-status__text">Last synced {londonClock(state.lastSyncedAt)}</span>}
            <SyncIssuesButton count={state.issuesCount} />
          </>
        )}
      </div>
    </section>
  );
}
