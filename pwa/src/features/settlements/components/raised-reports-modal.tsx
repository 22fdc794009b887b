import { IonButton, IonButtons, IonContent, IonHeader, IonModal, IonSpinner, IonTitle, IonToolbar } from '@ionic/react';
import { EMPTY_TEXTS } from '@rollbook/shared-types/reports';
import { DateTime } from 'luxon';
import { usePaymentHeaders } from '../api/get-payment-headers';
import { PaymentHeaderTable } from './payment-header-table';

interface RaisedReportsModalProps {
  isOpen: boolean;
  /** yyyy-MM-dd: the reports of this date's month are listed. */
  periodEndDate: string;
  onClose: () => void;
}

/** The reports already raised for the period end's month (so a second raise is a deliberate revision). */
export function RaisedReportsModal({ isOpen, periodEndDate, onClose }: RaisedReportsModalProps) {
  const headers = usePaymentHeaders(periodEndDate, isOpen);
  const month = DateTime.fromISO(periodEndDate).toFormat('LLLL yyyy');
  return (
    <IonModal isOpen={isOpen} onDidDismiss={onClose} style={{ '--width': '750px' }}>
      <IonHeader>
        <IonToolbar>
          <IonTitle>
            <h2 className="page-title">Raised reports</h2>
          </IonTitle>
          <IonButtons slot="end">
            <IonButton onClick={onClose}>CLOSE</IonButton>
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        {headers.isPending && <IonSpinner aria-label="Loading" />}
        {headers.isError && <p role="alert">{headers.error.message}</p>}
        {headers.data && headers.data.length === 0 && <p className="settlements__empty">{EMPTY_TEXTS.settlementReports}</p>}
        {headers.data && headers.data.length > 0 && <PaymentHeaderTable headers={headers.data} caption={`Period ending in ${month}`} />}
      </IonContent>
    </IonModal>
  );
}
