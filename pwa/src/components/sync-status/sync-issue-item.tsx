import { IonBadge, IonButton, IonItem, IonLabel } from '@ionic/react';
import { useState } from 'react';
import { resolveIssue } from '../../offline/offline-actions';
import type { SyncIssueView } from '../../offline/sync-issue-views';
import { useNotify } from '../ui/notify';
import { issueHeading, serverValueText } from './issue-text';

/** One refused or conflicting change: what it was, why, and re-apply mine / keep the server's. */
export function SyncIssueItem({ issue }: { issue: SyncIssueView }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const choose = async (choice: 'mine' | 'theirs') => {
    setBusy(true);
    try {
      await resolveIssue(issue.id, choice);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };
  const serverText = serverValueText(issue);
  return (
    <IonItem lines="full" className="sync-issue">
      <IonLabel className="ion-text-wrap">
        <h3>
          <IonBadge color={issue.kind === 'conflict' ? 'warning' : 'danger'}>{issueHeading(issue.kind)}</IonBadge> {issue.summary}
        </h3>
        <p className="sync-issue__reason">{issue.reason}</p>
        {serverText && <p>{serverText}</p>}
        <div className="sync-issue__actions">
          <IonButton size="small" disabled={busy} onClick={() => void choose('mine')}>
            RE-APPLY MINE
          </IonButton>
          <IonButton size="small" fill="outline" disabled={busy} onClick={() => void choose('theirs')}>
            KEEP SERVER&apos;S
          </IonButton>
        </div>
      </IonLabel>
    </IonItem>
  );
}
