import { IonBadge } from '@ionic/react';
import { CLASS_STATUS_NAMES } from '@rollbook/shared-types/statuses';

const COLOURS: Record<number, string> = { 0: 'medium', 1: 'primary', 2: 'warning', 3: 'success', 4: 'dark', 5: 'dark', 6: 'tertiary' };

export const classStatusName = (statusId: number) => CLASS_STATUS_NAMES[statusId] ?? 'Unknown';

/** A class's series status; a button when it opens something (the attendance modal). */
export function ClassStatusBadge({ statusId, onClick, label }: { statusId: number; onClick?: () => void; label?: string }) {
  const badge = <IonBadge color={COLOURS[statusId] ?? 'medium'}>{classStatusName(statusId)}</IonBadge>;
  if (!onClick) return badge;
  return (
    <button type="button" className="sched-link-button" onClick={onClick} aria-label={label}>
      {badge}
    </button>
  );
}
