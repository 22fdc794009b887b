import { IonButton, IonSpinner, IonToggle } from '@ionic/react';
import type { StudentOnCourse } from '@rollbook/shared-types/courses';
import { AttendanceStatus, ClassStatus } from '@rollbook/shared-types/statuses';
import { useState } from 'react';
import { useNotify } from '../../../components/ui/notify';
import { ClassStatusBadge } from '../../../components/scheduling/class-status-badge';
import { errorMessage } from '../../../components/form-fields/field-errors';
import { SchedModal } from '../../../components/scheduling/sched-modal';
import { useStudentOverride, useUpdateStudentOverride } from '../api/student-override';

export const OVERRIDE_SAVED = 'Enrolment successfully updated';

/** Puts a student on or takes them off single classes; Paid classes are locked. */
export function StudentOverrideModal({ courseId, student, onDismissed }: { courseId: number; student: StudentOnCourse; onDismissed: () => void }) {
  const [open, setOpen] = useState(true);
  const [changes, setChanges] = useState<Record<number, number>>({});
  const lines = useStudentOverride(courseId, student.studentId);
  const save = useUpdateStudentOverride();
  const notify = useNotify();

  const onSave = () => {
    const classes = Object.entries(changes).map(([classId, statusId]) => ({ classId: Number(classId), statusId }));
    if (classes.length === 0) return setOpen(false);
    save.mutate(
      { courseId, studentId: student.studentId, classes },
      { onSuccess: () => { notify.success(OVERRIDE_SAVED); setOpen(false); }, onError: (error) => notify.error(errorMessage(error)) },
    );
  };

  const footer = (
    <>
      <IonButton fill="outline" onClick={() => setOpen(false)}>CANCEL</IonButton>
      <IonButton onClick={onSave} disabled={save.isPending}>SAVE</IonButton>
    </>
  );
  return (
    <SchedModal isOpen={open} title={`Enrolment override - ${student.firstName} ${student.lastName}`} onClose={() => setOpen(false)} onDismissed={onDismissed} footer={footer}>
      {lines.isPending && <IonSpinner aria-label="Loading classes" />}
      {lines.data && lines.data.length === 0 && <p className="sched-empty">No classes currently</p>}
      {lines.data && lines.data.length > 0 && (
        <table className="sched-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Time</th>
              <th scope="col">Class status</th>
              <th scope="col">Enrolled</th>
            </tr>
          </thead>
          <tbody>
            {lines.data.map((line) => {
              const statusId = changes[line.classId] ?? line.statusId;
              const on = statusId !== AttendanceStatus.NotEnrolled;
              // A class already marked keeps its mark when switched back on.
              const onStatus = line.statusId === AttendanceStatus.NotEnrolled ? AttendanceStatus.Pending : line.statusId;
              return (
                <tr key={line.classId}>
                  <td>{line.classDateString}</td>
                  <td>{line.classDatesCombined}</td>
                  <td><ClassStatusBadge statusId={line.classStatusId} /></td>
                  <td>
                    <IonToggle
                      aria-label={`Enrolled on the class of ${line.classDateString}`}
                      checked={on}
                      disabled={line.classStatusId === ClassStatus.Paid}
                      onIonChange={(event) => setChanges((current) => ({ ...current, [line.classId]: event.detail.checked ? onStatus : AttendanceStatus.NotEnrolled }))}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </SchedModal>
  );
}
