import { IonButton, IonSpinner } from '@ionic/react';
import type { Teacher } from '@rollbook/shared-types/teachers';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify } from '../../../components/ui/notify';
import { useUnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { ApiError } from '../../../lib/api-client';
import { useUpdateTeacherStatus } from '../api/update-teacher-status';
import { useUpsertTeacher } from '../api/upsert-teacher';
import { AvatarPicker } from './avatar-picker';
import { GdprConsentsPanel } from '../../../components/ui/gdpr-consents-panel';
import { RatesTable } from './rates-table';
import { StatusBadge } from './status-badge';
import { SubjectsChecklist } from './subjects-checklist';
import { serverFieldErrors, toFormValues, validateTeacher, type TeacherFieldErrors, type TeacherFormValues } from './teacher-form-values';
import { TeacherOnlineAccessPanel } from './teacher-online-access-panel';
import { TeacherProfileFields } from './teacher-profile-fields';

/** Details tab: profile, subjects, rates, avatar and status (SAVE, Cancel); consents and online access once saved. */
export function TeacherDetailsTab({ teacher }: { teacher: Teacher | null }) {
  const [values, setValues] = useState<TeacherFormValues>(() => toFormValues(teacher));
  const [errors, setErrors] = useState<TeacherFieldErrors>({});
  const [dirty, setDirty] = useState(false);
  const upsert = useUpsertTeacher();
  const updateStatus = useUpdateTeacherStatus();
  const notify = useNotify();
  const navigate = useNavigate();
  const guard = useUnsavedChangesGuard({
    when: dirty,
    onDiscard: () => {
      setValues(toFormValues(teacher));
      setErrors({});
      setDirty(false);
    },
  });

  const change = (changes: Partial<TeacherFormValues>) => {
    setValues((current) => ({ ...current, ...changes }));
    setDirty(true);
  };

  const changeStatus = (active: boolean) => {
    // A new teacher's status is saved with the teacher; a saved one's changes at once (spec: status modal).
    if (!teacher) return change({ active });
    updateStatus.mutate(
      { teacherId: teacher.teacherId, active },
      { onSuccess: () => setValues((current) => ({ ...current, active })), onError: (error) => notify.error(error.message) },
    );
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (upsert.isPending) return;
    const checked = validateTeacher(values, teacher);
    if (!checked.request) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    upsert.mutate(checked.request, {
      onSuccess: (saved) => {
        setDirty(false);
        setValues(toFormValues(saved));
        notify.success('Teacher successfully saved');
        if (!teacher) navigate(`/teachersForm/${saved.teacherId}`, { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(serverFieldErrors(error.fieldErrors));
        notify.error(error.message);
      },
    });
  };

  return (
    <>
      <div className="teacher-heading">
        <AvatarPicker
          firstName={values.firstName}
          lastName={values.lastName}
          avatarId={values.avatarId}
          avatarImage={values.avatarImage}
          onChange={(avatar) => change(avatar)}
        />
        <StatusBadge active={teacher?.active ?? values.active} busy={updateStatus.isPending} onChange={changeStatus} />
      </div>
      <form onSubmit={save} noValidate aria-label="Teacher details">
        <TeacherProfileFields values={values} errors={errors} onChange={change} />
        <SubjectsChecklist selected={values.subjectIds} error={errors.subjectIds} onChange={(subjectIds) => change({ subjectIds })} />
        <RatesTable rates={values.rates} editMode={teacher !== null} error={errors.rates} onChange={(rates) => change({ rates })} />
        <div className="person-form__actions">
          <IonButton type="submit" disabled={upsert.isPending}>
            {upsert.isPending ? <IonSpinner name="dots" aria-label="Saving" /> : 'SAVE'}
          </IonButton>
          <IonButton fill="outline" color="medium" onClick={() => guard.confirmLeave(() => navigate('/teachers'))}>
            Cancel
          </IonButton>
        </div>
      </form>
      {teacher && (
        <>
          <GdprConsentsPanel consents={teacher.consents} />
          <TeacherOnlineAccessPanel teacherId={teacher.teacherId} hasLogin={teacher.hasLogin} />
        </>
      )}
      {guard.dialog}
    </>
  );
}
