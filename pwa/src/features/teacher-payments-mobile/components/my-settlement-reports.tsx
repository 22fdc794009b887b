import { IonIcon, IonItem, IonLabel, IonList, IonNote, IonSpinner } from '@ionic/react';
import { formatPounds } from '@rollbook/shared-types/money';
import { EMPTY_TEXTS } from '@rollbook/shared-types/reports';
import { documentTextOutline } from 'ionicons/icons';
import { useMySettlementReports } from '../api/get-my-settlement-reports';
import { teacherReportPrintUrl } from '../print-link';

/** The teacher's settlement reports, newest first, each opening its PDF (their part) in a new window. */
export function MySettlementReports({ teacherId }: { teacherId: number }) {
  const reports = useMySettlementReports();
  if (reports.isPending) return <IonSpinner aria-label="Loading" />;
  if (reports.isError) return <p role="alert">{reports.error.message}</p>;
  if (reports.data.length === 0) return <p className="teacher-payments-mobile__empty">{EMPTY_TEXTS.settlementReports}</p>;
  return (
    <IonList aria-label="Settlement reports">
      {reports.data.map((header) => (
        <IonItem
          key={header.paymentHeaderId}
          href={teacherReportPrintUrl(header, teacherId)}
          target="_blank"
          rel="noopener"
          detail={false}
          aria-label={`PDF of ${header.title}, ${formatPounds(header.amountTotalPence)}`}
        >
          <IonIcon slot="start" icon={documentTextOutline} aria-hidden="true" />
          <IonLabel>
            <h3>{header.title}</h3>
            <p>
              Period end date {header.periodEndDateString}, {header.classCount} classes
            </p>
          </IonLabel>
          <IonNote slot="end">{formatPounds(header.amountTotalPence)}</IonNote>
        </IonItem>
      ))}
    </IonList>
  );
}
