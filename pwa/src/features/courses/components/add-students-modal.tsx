import { IonButton, IonCheckbox, IonInput, IonSpinner } from '@ionic/react';
import { EnrolmentStatus } from '@rollbook/shared-types/statuses';
import { useState } from 'react';
import { useNotify } from '../../../components/ui/notify';
import { errorMessage } from '../../../components/form-fields/field-errors';
import { SchedModal } from '../../../components/scheduling/sched-modal';
import { SelectField } from '../../../components/form-fields/select-field';
import { useStudentSearch } from '../api/search-students';
import { useUpdateStudentStatus } from '../api/update-student-status';

const ADD_AS_OPTIONS = [
  { value: EnrolmentStatus.Enrolled, label: 'Enrolled' },
  { value: EnrolmentStatus.Enquired, label: 'Enquired' },
  { value: EnrolmentStatus.Waiting, label: 'Waiting' },
];

/** Finds students by name and puts the ticked ones on the course as Enrolled, Enquired or Waiting. */
export function AddStudentsModal({ courseId, onDismissed }: { courseId: number; onDismissed: () => void }) {
  const [open, setOpen] = useState(true);
  const [name, setName] = useState('');
  const [statusId, setStatusId] = useState<number>(EnrolmentStatus.Enrolled);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const search = useStudentSearch(name, open);
  const add = useUpdateStudentStatus();
  const notify = useNotify();

  const toggle = (studentId: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(studentId);
      else next.delete(studentId);
      return next;
    });
  const save = () =>
    add.mutate(
      { courseId, students: [...chosen].map((studentId) => ({ studentId, statusId })) },
      { onSuccess: () => setOpen(false), onError: (error) => notify.error(errorMessage(error)) },
    );

  const footer = (
    <>
      <IonButton fill="outline" onClick={() => setOpen(false)}>CANCEL</IonButton>
      <IonButton onClick={save} disabled={chosen.size === 0 || add.isPending}>ADD</IonButton>
    </>
  );
  return (
    <SchedModal isOpen={open} title="Add students" onClose={() => setOpen(false)} onDismissed={onDismissed} footer={footer}>
      <div className="sched-filters">
        <IonInput label="Name" labelPlacement="stacked" fill="outline" debounce={300} value={name} onIonInput={(event) => setName(event.detail.value ?? '')} />
        <SelectField label="Add as" value={statusId} options={ADD_AS_OPTIONS} onChange={(v) => setStatusId(Number(v))} />
      </div>
      {search.isPending && <IonSpinner aria-label="Loading students" />}
      {search.data && search.data.students.length === 0 && <p className="sched-empty">No records currently</p>}
      {search.data && search.data.students.length > 0 && (
        <table className="sched-table">
          <thead>
            <tr>
              <th scope="col"><span className="ion-hide">Choose</span></th>
              <th scope="col">Student</th>
              <th scope="col">Company</th>
              <th scope="col">Email</th>
            </tr>
          </thead>
          <tbody>
            {search.data.students.map((s) => (
              <tr key={s.studentId}>
                <td>
                  <IonCheckbox aria-label={`Choose ${s.firstName} ${s.lastName}`} checked={chosen.has(s.studentId)} onIonChange={(event) => toggle(s.studentId, event.detail.checked)} />
                </td>
                <td>{s.firstName} {s.lastName}</td>
                <td>{s.company ?? 'Private'}</td>
                <td>{s.email ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SchedModal>
  );
}
