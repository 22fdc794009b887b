import { IonButton, IonItem, IonLabel } from '@ionic/react';
import type { RegisterLineView } from '../../../offline/people-views';
import { PendingMark } from '../../../components/mobile/pending-mark';
import { attendanceStatusName } from '../../../components/mobile/status-names';
import { ABSENT, ATTENDED, CLEARED } from '../marking-rules';

interface RegisterLineProps {
  line: RegisterLineView;
  /** Marking is not possible now (the toggles are shown, disabled). */
  disabled: boolean;
  onToggle: (line: RegisterLineView, clicked: typeof ATTENDED | typeof ABSENT) => void;
}

/** A student on the register with the ATTENDED / ABSENT toggles; clicking the selected one clears it. */
export function RegisterLine({ line, disabled, onToggle }: RegisterLineProps) {
  const other = line.statusId !== ATTENDED && line.statusId !== ABSENT && line.statusId !== CLEARED;
  return (
    <IonItem lines="full" className="register-line">
      <IonLabel className="ion-text-wrap">
        <h3>{line.student}</h3>
        <p>{line.company ?? 'Private'}</p>
        {other && <p>{attendanceStatusName(line.statusId)}</p>}
        {line.pending && <PendingMark />}
      </IonLabel>
      {/* Ionic copies aria-pressed into its inner button only when it loads, so a changed mark mounts a new button;
          strings, because React 19 writes a true on a custom element as an empty attribute. */}
      <div className="register-line__toggles" role="group" aria-label={`Attendance of ${line.student}`}>
        <IonButton
          key={`attended-${line.statusId === ATTENDED}`}
          size="small"
          color="success"
          fill={line.statusId === ATTENDED ? 'solid' : 'outline'}
          aria-pressed={line.statusId === ATTENDED ? 'true' : 'false'}
          disabled={disabled}
          onClick={() => onToggle(line, ATTENDED)}
        >
          ATTENDED
        </IonButton>
        <IonButton
          key={`absent-${line.statusId === ABSENT}`}
          size="small"
          color="danger"
          fill={line.statusId === ABSENT ? 'solid' : 'outline'}
          aria-pressed={line.statusId === ABSENT ? 'true' : 'false'}
          disabled={disabled}
          onClick={() => onToggle(line, ABSENT)}
        >
          ABSENT
        </IonButton>
      </div>
    </IonItem>
  );
}
