import { IonList } from '@ionic/react';
import { useSyncIssues } from '../../offline/hooks/use-sync-issues';
import { MobileModal } from '../mobile/mobile-modal';
import { SyncIssueItem } from './sync-issue-item';

interface SyncIssuesModalProps {
  isOpen: boolean;
  onClose: () => void;
}

/** Every refused or conflicting change with its reason, and the teacher's choice for each. */
export function SyncIssuesModal({ isOpen, onClose }: SyncIssuesModalProps) {
  return (
    <MobileModal isOpen={isOpen} title="Sync issues" onClose={onClose}>
      {isOpen && <SyncIssueList />}
    </MobileModal>
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
