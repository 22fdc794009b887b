import { IonAlert, IonButton, IonSpinner } from '@ionic/react';
import { showDate } from '@rollbook/shared-types/display-dates';
import { formatPounds, sumPence } from '@rollbook/shared-types/money';
import type { TeacherPayment } from '@rollbook/shared-types/reports';
import { useState } from 'react';
import { useNotify } from '../../../components/ui/notify';
import { useRaisePaymentReport } from '../api/raise-payment-report';

interface RaiseSettlementButtonProps {
  /** The chosen teachers' classes as shown: the confirmation states their total. */
  teachers: TeacherPayment[];
  periodEndDate: string;
  onRaised: () => void;
}

/** RAISE SETTLEMENT REPORT, after a confirmation stating what will be paid. */
export function RaiseSettlementButton({ teachers, periodEndDate, onRaised }: RaiseSettlementButtonProps) {
  const notify = useNotify();
  const raise = useRaisePaymentReport();
  const [confirming, setConfirming] = useState(false);
  const classCount = teachers.reduce((sum, t) => sum + t.paymentItems.length, 0);
  const totalPence = sumPence(teachers.map((t) => t.paymentTotalPence));

  const confirm = () =>
    raise.mutate(
      { teacherIds: teachers.map((t) => t.teacher.teacherId), periodEndDate },
      {
        onSuccess: (report) => {
          notify.success(`${report.paymentHeader?.title ?? 'Settlement report'} raised: ${report.classCount} classes, ${formatPounds(report.grandTotalPence)}`);
          onRaised();
        },
        onError: (error) => notify.error(error.message),
      },
    );

  return (
    <>
      <IonButton disabled={teachers.length === 0 || raise.isPending} onClick={() => setConfirming(true)}>
        {raise.isPending ? <IonSpinner name="dots" aria-label="Raising the settlement report" /> : 'RAISE SETTLEMENT REPORT'}
      </IonButton>
      <IonAlert
        isOpen={confirming}
        header="Raise settlement report"
        message={`Raise a settlement report of ${formatPounds(totalPence)} for ${classCount} classes of ${teachers.length} ${
          teachers.length === 1 ? 'teacher' : 'teachers'
        }, up to ${showDate(periodEndDate)}?`}
        buttons={[
          { text: 'CANCEL', role: 'cancel' },
          { text: 'RAISE', role: 'confirm', handler: confirm },
        ]}
        onDidDismiss={() => setConfirming(false)}
      />
    </>
  );
}
