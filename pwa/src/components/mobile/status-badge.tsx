import { IonBadge } from '@ionic/react';
import { CLASS_STATUS_COLORS, classStatusName } from './status-names';

interface StatusBadgeProps {
  statusId: number;
  /** When given, the badge is a button (e.g. opening attendance). */
  onOpen?: () => void;
  /** What opening does, for assistive technology. */
  actionLabel?: string;
}

/** A class's series status as a coloured badge; a button when it opens something. */
export function StatusBadge({ statusId, onOpen, actionLabel }: StatusBadgeProps) {
  const name = classStatusName(statusId);
  const badge = <IonBadge color={CLASS_STATUS_COLORS[statusId] ?? 'medium'}>{name}</IonBadge>;
  if (!onOpen) return <span className="status-badge">{badge}</span>;
  return (
    <button type="button" className="status-badge status-badge--button" aria-label={actionLabel ? `${actionLabel}: ${name}` : name} onClick={onOpen}>
      {badge}
    </button>
  );
}
