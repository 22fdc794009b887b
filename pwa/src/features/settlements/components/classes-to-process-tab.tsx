import { IonButton, IonInput, IonSpinner } from '@ionic/react';
import { showDate } from '@rollbook/shared-types/display-dates';
import { formatPounds, sumPence } from '@rollbook/shared-types/money';
import { NO_CLASSES_TO_PROCESS_MESSAGE, parseReportDate } from '@rollbook/shared-types/reports';
import { useState } from 'react';
import { useClassesToProcess } from '../api/get-classes-to-process';
import { useCsvDownload } from '../hooks/use-csv-download';
import { londonToday } from '../london-date';
import { RaiseSettlementButton } from './raise-settlement-button';
import { RaisedReportsModal } from './raised-reports-modal';
import { TeacherChecklist } from './teacher-checklist';
import { TeacherPaymentTable } from './teacher-payment-table';

/**
 * Classes to process: marked classes in no report up to the period end, per teacher. What the
 * screen shows for the ticked teachers is exactly what RAISE SETTLEMENT REPORT pays.
 */
export function ClassesToProcessTab() {
  const [periodEndText, setPeriodEndText] = useState(() => showDate(londonToday()));
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [showRaised, setShowRaised] = useState(false);
  // Typed as dd/mm/yyyy (the spec's date format whatever the browser's language), sent as yyyy-MM-dd.
  const validDate = parseReportDate(periodEndText.trim());
  const report = useClassesToProcess(validDate);
  const csv = useCsvDownload();

  const teachers = report.data?.teachers ?? [];
  const chosen = teachers.filter((t) => checked.has(t.teacher.teacherId));
  const chosenClasses = chosen.reduce((sum, t) => sum + t.paymentItems.length, 0);

  return (
    <section aria-labelledby="classes-to-process-heading">
      <h2 id="classes-to-process-heading">Classes to process</h2>
      <div className="settlements__toolbar">
        <IonInput
          label="Period end date"
          labelPlacement="stacked"
          fill="outline"
          inputmode="numeric"
          placeholder="dd/mm/yyyy"
          value={periodEndText}
          className={validDate ? undefined : 'ion-invalid ion-touched'}
          errorText="Please enter a valid date as d/m/yyyy"
          onIonInput={(event) => setPeriodEndText(event.detail.value ?? '')}
        />
        <IonButton fill="outline" disabled={!validDate} onClick={() => setShowRaised(true)}>
          RAISED REPORTS
        </IonButton>
      </div>
      {report.isPending && validDate && <IonSpinner aria-label="Loading" />}
      {report.isError && <p role="alert">{report.error.message}</p>}
      {report.data && teachers.length === 0 && <p className="settlements__empty">{NO_CLASSES_TO_PROCESS_MESSAGE}</p>}
      {validDate && teachers.length > 0 && (
        <div className="settlements__layout">
          <TeacherChecklist teachers={teachers} checked={checked} onChange={setChecked} />
          <div>
            <div className="settlements__summary" aria-live="polite">
              <span>
                Up to {showDate(validDate)}: {chosenClasses} classes of {chosen.length} {chosen.length === 1 ? 'teacher' : 'teachers'}
              </span>
              <strong data-testid="selected-total">{formatPounds(sumPence(chosen.map((t) => t.paymentTotalPence)))}</strong>
              <IonButton
                fill="outline"
                disabled={chosen.length === 0 || csv.busy}
                onClick={() =>
                  void csv.download(
                    '/api/reports/ClassesToProcessCsv',
                    { teacherIds: chosen.map((t) => t.teacher.teacherId).join(','), periodEndDate: validDate },
                    `classes-to-process-${validDate}.csv`,
                  )
                }
              >
                DOWNLOAD CSV
              </IonButton>
              <RaiseSettlementButton teachers={chosen} periodEndDate={validDate} onRaised={() => setChecked(new Set())} />
            </div>
            {chosen.length === 0 && <p className="settlements__empty">Select the teachers to include in the settlement report</p>}
            {chosen.map((payment) => (
              <TeacherPaymentTable key={payment.teacher.teacherId} payment={payment} />
            ))}
          </div>
        </div>
      )}
      {validDate && <RaisedReportsModal isOpen={showRaised} periodEndDate={validDate} onClose={() => setShowRaised(false)} />}
    </section>
  );
}
