import { IonButton } from '@ionic/react';
import { useState } from 'react';
import type { ClassView } from '../../../offline/class-views';
import { moveClassToEnd } from '../../../offline/offline-actions';
import { useNotify } from '../../../components/ui/notify';

interface MoveToEndConfirmProps {
  cls: ClassView;
  onDone: () => void;
  onCancel: () => void;
}

/** Mode CM: one confirmed move of the class to the end of the course, blocked while it is in progress. */
export function MoveToEndConfirm({ cls, onDone, onCancel }: MoveToEndConfirmProps) {
  const notify = useNotify();
  const [moving, setMoving] = useState(false);
  const confirm = async () => {
    setMoving(true);
    try {
      await moveClassToEnd({ classId: cls.classId });
      onDone();
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
      setMoving(false);
    }
  };
  return (
    <div className="move-to-end">
      <p>Are you sure you wish to move this class to the end of the course?</p>
      <div className="dialog-actions">
        <IonButton disabled={moving || cls.movingToEnd} onClick={() => void confirm()}>
          CONFIRM
        </IonButton>
        <IonButton fill="outline" color="medium" disabled={moving} onClick={onCancel}>
          CANCEL
        </IonButton>
      </div>
    </div>
  );
}
