import { IonLabel, IonSegment, IonSegmentButton } from '@ionic/react';
import { useState } from 'react';

type View = 'reports' | 'classes';

/**
 * Payments tab of the teacher form: SETTLEMENT REPORTS or CLASSES TO PROCESS. A placeholder that
 * shows the two views with their empty texts; the settlement screens replace the content.
 */
export function TeacherPaymentsTab({ teacherId }: { teacherId: number }) {
  const [view, setView] = useState<View>('reports');
  return (
    <section aria-label="Payments" data-teacher-id={teacherId}>
      <IonSegment value={view} onIonChange={(event) => setView(event.detail.value as View)} style={{ maxWidth: 480 }}>
        <IonSegmentButton value="reports">
          <IonLabel>SETTLEMENT REPORTS</IonLabel>
        </IonSegmentButton>
        <IonSegmentButton value="classes">
          <IonLabel>CLASSES TO PROCESS</IonLabel>
        </IonSegmentButton>
      </IonSegment>
      <p>{view === 'reports' ? 'This teacher does not have any settlement reports' : 'This teacher does not have any classes to process'}</p>
    </section>
  );
}
