import { IonLabel, IonSegment, IonSegmentButton } from '@ionic/react';
import { useState } from 'react';
import { TeacherClassesTable } from './components/teacher-classes-table';
import { TeacherSettlementTable } from './components/teacher-settlement-table';
import './teacher-payments.css';

type View = 'reports' | 'classes';

/** Payments tab of the teacher form (spec §2.9): the teacher's SETTLEMENT REPORTS or CLASSES TO PROCESS. */
export function TeacherPaymentsTab({ teacherId }: { teacherId: number }) {
  const [view, setView] = useState<View>('reports');
  return (
    <section aria-label="Payments" data-teacher-id={teacherId}>
      <IonSegment className="teacher-payments__tabs" value={view} onIonChange={(event) => setView(event.detail.value === 'classes' ? 'classes' : 'reports')}>
        <IonSegmentButton value="reports">
          <IonLabel>SETTLEMENT REPORTS</IonLabel>
        </IonSegmentButton>
        <IonSegmentButton value="classes">
          <IonLabel>CLASSES TO PROCESS</IonLabel>
        </IonSegmentButton>
      </IonSegment>
      {view === 'reports' ? <TeacherSettlementTable teacherId={teacherId} /> : <TeacherClassesTable teacherId={teacherId} />}
    </section>
  );
}
