import { IonLabel, IonSegment, IonSegmentButton } from '@ionic/react';
import { useState, useSyncExternalStore } from 'react';
import { session } from '../../../lib/session';
import { MyClassesToProcess } from './my-classes-to-process';
import { MySettlementReports } from './my-settlement-reports';
import '../teacher-payments-mobile.css';

type View = 'reports' | 'process';

/** /teachers/PaymentsMobile content: the signed-in teacher's settlement reports and classes to process. */
export function TeacherPaymentsMobile() {
  const user = useSyncExternalStore(session.subscribe, session.get);
  // Spec §6: a teacher's id is the first role's entityId.
  const teacherId = user?.roles[0]?.entityId ?? null;
  const [view, setView] = useState<View>('reports');
  return (
    <section className="teacher-payments-mobile" aria-label="Payments">
      <IonSegment value={view} onIonChange={(event) => setView(event.detail.value === 'process' ? 'process' : 'reports')}>
        <IonSegmentButton value="reports">
          <IonLabel>SETTLEMENT REPORTS</IonLabel>
        </IonSegmentButton>
        <IonSegmentButton value="process">
          <IonLabel>CLASSES TO PROCESS</IonLabel>
        </IonSegmentButton>
      </IonSegment>
      {view === 'reports' && teacherId !== null && <MySettlementReports teacherId={teacherId} />}
      {view === 'process' && <MyClassesToProcess />}
    </section>
  );
}

export default TeacherPaymentsMobile;
