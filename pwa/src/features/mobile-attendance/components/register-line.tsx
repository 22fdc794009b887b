import { IonItem, IonLabel } from '@ionic/react';
import type { RegisterLineView } from '../../../offline/people-views';
import { PendingMark } from '../../../components/mobile/pending-mark';
import { attendanceStatusName } from '../../../components/mobile/status-names';
import { ToggleButton } from '../../../components/ui/toggle-button';
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
      <div className="register-line__toggles" role="group" aria-label={`Attendance of ${line.student}`}>
        <ToggleButton pressed={line.statusId === ATTENDED} size="small" color="success" disabled={disabled} onClick={() => onToggle(line, ATTENDED)}>
          ATTENDED
        </ToggleButton>
        <ToggleButton pressed={line.statusId === ABSENT} size="small" color="danger" disabled={disabled} onClick={() => onToggle(line, ABSENT)}>
          ABSENT
        </ToggleButton>
      </div>
    </IonItem>
  );
}
