import { IonButton, IonSpinner } from '@ionic/react';
import type { Student } from '@rollbook/shared-types/students';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify } from '../../../components/ui/notify';
import { useUnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { ApiError } from '../../../lib/api-client';
import { useUpsertStudent } from '../api/upsert-student';
import { CoursesAttendedPanel } from './courses-attended-panel';
import { GdprConsentsPanel } from '../../../components/ui/gdpr-consents-panel';
import { StudentOnlineAccessPanel } from './student-online-access-panel';
import { serverFieldErrors, toFormValues, validateStudent, type StudentField, type StudentFieldErrors, type StudentFormValues } from './student-form-values';
import { StudentProfileFields } from './student-profile-fields';

/** Profile tab: the student's details (SAVE, Cancel) and, once saved, their courses, consents and access. */
export function StudentProfileTab({ student }: { student: Student | null }) {
  const [values, setValues] = useState<StudentFormValues>(() => toFormValues(student));
  const [errors, setErrors] = useState<StudentFieldErrors>({});
  const [dirty, setDirty] = useState(false);
  const upsert = useUpsertStudent();
  const notify = useNotify();
  const navigate = useNavigate();
  const guard = useUnsavedChangesGuard({
    when: dirty,
    onDiscard: () => {
      setValues(toFormValues(student));
      setErrors({});
      setDirty(false);
    },
  });

  const change = <F extends StudentField>(field: F, value: StudentFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setDirty(true);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (upsert.isPending) return;
    const checked = validateStudent(values, student);
    if (!checked.request) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    upsert.mutate(checked.request, {
      onSuccess: (saved) => {
        setDirty(false);
        notify.success('Student successfully updated');
        if (!student) navigate(`/studentsForm/${saved.studentId}`, { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(serverFieldErrors(error.fieldErrors));
        notify.error(error.message);
      },
    });
  };

  return (
    <>
      <form onSubmit={save} noValidate aria-label="Student profile">
        <StudentProfileFields values={values} errors={errors} onChange={change} />
        <div className="person-form__actions">
          <IonButton type="submit" disabled={upsert.isPending}>
            {upsert.isPending ? <IonSpinner name="dots" aria-label="Saving" /> : 'SAVE'}
          </IonButton>
          <IonButton fill="outline" color="medium" onClick={() => guard.confirmLeave(() => navigate('/students'))}>
            Cancel
          </IonButton>
        </div>
      </form>
      {student && (
        <>
          <CoursesAttendedPanel studentId={student.studentId} />
          <GdprConsentsPanel consents={student.consents} />
          <StudentOnlineAccessPanel hasLogin={student.hasLogin} />
        </>
      )}
      {guard.dialog}
    </>
  );
}
