import { IonPopover } from '@ionic/react';
import { alertCircle } from 'ionicons/icons';
import { useState, type MouseEvent } from 'react';
import { IconButton } from '../../../components/mobile/icon-button';

const TEXT = 'Course has unmarked classes';

/** The unmarked icon with its tooltip: on hover (title) and, on a phone, on tap. */
export function UnmarkedIndicator() {
  const [event, setEvent] = useState<MouseEvent | null>(null);
  return (
    <>
      <IconButton label={TEXT} color="danger" onClick={(e) => setEvent(e)} icon={alertCircle} />
      <IonPopover isOpen={event !== null} event={event?.nativeEvent} onDidDismiss={() => setEvent(null)}>
        <p className="ion-padding" role="tooltip">
          {TEXT}
        </p>
      </IonPopover>
    </>
  );
}
