import { IonLabel, IonSegment, IonSegmentButton } from '@ionic/react';
import { useState } from 'react';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { ClassesToProcessTab } from './classes-to-process-tab';
import { SettlementReportsTab } from './settlement-reports-tab';
import '../settlements.css';

type Tab = 'reports' | 'process';

/** /Reports and /TeachersPayments (spec §2.9): raised settlement reports, and classes to process. */
export default function SettlementsPage() {
  const [tab, setTab] = useState<Tab>('reports');
  return (
    <SignedInPage title="Payments">
      <IonSegment className="settlements__tabs" value={tab} onIonChange={(event) => setTab(event.detail.value === 'process' ? 'process' : 'reports')}>
        <IonSegmentButton value="reports">
          <IonLabel>Settlement reports</IonLabel>
        </IonSegmentButton>
        <IonSegmentButton value="process">
          <IonLabel>Classes to process</IonLabel>
        </IonSegmentButton>
      </IonSegment>
      {tab === 'reports' ? <SettlementReportsTab /> : <ClassesToProcessTab />}
    </SignedInPage>
  );
}
