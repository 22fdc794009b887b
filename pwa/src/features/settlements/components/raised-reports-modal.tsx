import { IonButton, IonButtons, IonContent, IonHeader, IonModal, IonSpinner, IonTitle, IonToolbar } from '@ionic/react';
import { daysInMonth } from '@rollbook/shared-types/dates';
import { showDate } from '@rollbook/shared-types/display-dates';
import { EMPTY_TEXTS } from '@rollbook/shared-types/reports';
import { usePaymentHeaders } from '../api/get-payment-headers';
import { PaymentHeaderTable } from './payment-header-table';

interface RaisedReportsModalProps {
  isOpen: boolean;
  /** yyyy-MM-dd: the reports of this date's month are listed. */
  periodEndDate: string;
  onClose: () => void;
}

/** 'Period end dates 01/11/2026 to 30/11/2026': the month of yyyy-MM-dd whose reports are listed. */
function raisedReportsPeriod(periodEndDate: string): string {
  const [year, month] = periodEndDate.split('-').map(Number) as [number, number];
  const first = `${periodEndDate.slice(0, 7)}-01`;
  const last = `${periodEndDate.slice(0, 7)}-${String(daysInMonth(year, month)).padStart(2, '0')}`;
  return `Period end dates ${showDate(first)} to ${showDate(last)}`;
}

/**
 * The reports already raised for the period end's month (so a second raise is a deliberate
 * revision), the same rows the Settlement reports tab lists for that month. It says which month,
 * so an empty month is not taken for no reports at all.
 */
export function RaisedReportsModal({ isOpen, periodEndDate, onClose }: RaisedReportsModalProps) {
  const headers = usePaymentHeaders(periodEndDate, isOpen);
  const period = raisedReportsPeriod(periodEndDate);
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
        <p className="settlements__period">{period}</p>
        {headers.isPending && <IonSpinner aria-label="Loading" />}
        {headers.isError && <p role="alert">{headers.error.message}</p>}
        {headers.data && headers.data.length === 0 && <p className="settlements__empty">{EMPTY_TEXTS.settlementReports}</p>}
        {headers.data && headers.data.length > 0 && <PaymentHeaderTable headers={headers.data} caption={period} />}
      </IonContent>
    </IonModal>
  );
}
