import { IonIcon, IonItem, IonLabel, IonList, IonNote } from '@ionic/react';
import { formatPounds } from '@rollbook/shared-types/money';
import { EMPTY_TEXTS, type PaymentHeader } from '@rollbook/shared-types/reports';
import { documentTextOutline } from 'ionicons/icons';
import { teacherReportPrintUrl } from '../print-link';

/** The teacher's latest settlement reports (their part of each), each opening its PDF in a new window. */
export function TeacherSettlementList({ headers, teacherId }: { headers: PaymentHeader[]; teacherId: number }) {
  if (headers.length === 0) return <p className="teacher-dashboard__empty">{EMPTY_TEXTS.settlementReports}</p>;
  return (
    <IonList aria-label="Settlement reports">
      {headers.map((header) => (
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
            <p>Period end date {header.periodEndDateString}</p>
          </IonLabel>
          <IonNote slot="end">{formatPounds(header.amountTotalPence)}</IonNote>
        </IonItem>
      ))}
    </IonList>
  );
}
