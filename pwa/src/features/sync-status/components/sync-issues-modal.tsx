import { IonButton, IonButtons, IonContent, IonHeader, IonIcon, IonList, IonModal, IonTitle, IonToolbar } from '@ionic/react';
import { closeOutline } from 'ionicons/icons';
import { useSyncIssues } from '../../../offline/hooks/use-sync-state';
import { SyncIssueItem } from './sync-issue-item';

interface SyncIssuesModalProps {
  isOpen: boolean;
  onClose: () => void;
}

/** Every refused or conflicting change with its reason, and the teacher's choice for each. */
export function SyncIssuesModal({ isOpen, onClose }: SyncIssuesModalProps) {
  return (
    <IonModal isOpen={isOpen} onDidDismiss={onClose} className="mobile-modal" aria-labelledby="sync-issues-title">
      <IonHeader>
        <IonToolbar>
          <IonTitle>
            <h2 id="sync-issues-title" className="modal-title">
              Sync issues
            </h2>
          </IonTitle>
          <IonButtons slot="end">
            <IonButton aria-label="Close" onClick={onClose}>
              <IonIcon slot="icon-only" icon={closeOutline} aria-hidden="true" />
            </IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">{isOpen && <SyncIssueList />}</IonContent>
    </IonModal>
  );
}

export function SyncIssueList() {
  const issues = useSyncIssues();
  if (issues === undefined) return null;
  if (issues.length === 0) return <p className="empty-state">No sync issues: every change you made has been answered.</p>;
  return (
    <IonList aria-label="Sync issues">
      {issues.map((issue) => (
        <SyncIssueItem key={issue.id} issue={issue} />
      ))}
    </IonList>
  );
}
