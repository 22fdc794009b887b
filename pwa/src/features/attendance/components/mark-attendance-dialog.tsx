import { IonButton, IonSpinner } from '@ionic/react';
import type { RegisterLine } from '@rollbook/shared-types/attendance';
import { ATTENDANCE_MESSAGES } from '@rollbook/shared-types/attendance';
import type { ClassItem } from '@rollbook/shared-types/classes';
import { CourseStatus } from '@rollbook/shared-types/statuses';
import { useState } from 'react';
import { useNotify } from '../../../components/ui/notify';
import { errorMessage } from '../../../components/form-fields/field-errors';
import { SchedModal } from '../../../components/scheduling/sched-modal';
import { useClassRegister } from '../api/get-class-register';
import { useUpdateAttendance } from '../api/update-attendance';
import {
  allAttendedMarks, attendanceTitle, changedRecords, hasFooterButtons, hasPendingLines, isRegisterReadOnly, toggleMark, type Mark,
} from './attendance-marks';
import { ClassSummary } from './class-summary';
import { RegisterTable } from './register-table';

export const ATTENDANCE_SAVED = 'Attendance successfully saved';

/** Mode M: the class's register with ATTENDED / ABSENT toggles and SAVE. */
export function MarkAttendanceDialog({ classItem, onDismissed }: { classItem: ClassItem; onDismissed: () => void }) {
  const [open, setOpen] = useState(true);
  const [marks, setMarks] = useState<Record<number, number>>({});
  const register = useClassRegister(classItem.classId);
  const save = useUpdateAttendance();
  const notify = useNotify();

  const seriesStatusId = register.data?.seriesStatusId ?? classItem.seriesStatusId;
  const courseStatusId = register.data?.courseStatusId ?? classItem.courseStatusId;
  const readOnly = isRegisterReadOnly(seriesStatusId);
  const lines = register.data?.students ?? [];
  const isDraft = courseStatusId === CourseStatus.Draft;

  const onToggle = (line: RegisterLine, clicked: Mark) => {
    if (isDraft) return notify.error(ATTENDANCE_MESSAGES.draft);
    setMarks((current) => ({ ...current, [line.studentId]: toggleMark(current[line.studentId] ?? line.statusId, clicked) }));
  };

  const onSave = () => {
    if (isDraft) return notify.error(ATTENDANCE_MESSAGES.draft);
    const records = changedRecords(classItem.classId, lines, marks);
    if (records.length === 0) return setOpen(false);
    save.mutate(records, {
      onSuccess: () => {
        notify.success(ATTENDANCE_SAVED);
        setOpen(false);
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };

  const footer = hasFooterButtons(seriesStatusId) && (
    <>
      <IonButton fill="outline" onClick={() => setOpen(false)}>CLOSE</IonButton>
      {!readOnly && (
        <IonButton onClick={onSave} disabled={save.isPending || register.isPending}>
          {save.isPending ? <IonSpinner name="dots" aria-label="Saving" /> : 'SAVE'}
        </IonButton>
      )}
    </>
  );

  return (
    <SchedModal isOpen={open} title={attendanceTitle('M', seriesStatusId)} onClose={() => setOpen(false)} onDismissed={onDismissed} footer={footer || undefined}>
      <ClassSummary classItem={classItem} seriesStatusId={seriesStatusId} />
      {register.isPending && <IonSpinner aria-label="Loading students" />}
      {register.isError && <p className="sched-inline-error" role="alert">{errorMessage(register.error)}</p>}
      {register.data && !readOnly && !isDraft && hasPendingLines(lines, marks) && (
        <IonButton size="small" fill="outline" color="success" onClick={() => setMarks((current) => allAttendedMarks(lines, current))}>
          All attended
        </IonButton>
      )}
      {register.data && <RegisterTable lines={lines} marks={marks} readOnly={readOnly} onToggle={onToggle} />}
    </SchedModal>
  );
}
