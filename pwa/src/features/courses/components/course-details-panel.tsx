import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { COURSE_MESSAGES, type CourseDetail } from '@rollbook/shared-types/courses';
import { createOutline } from 'ionicons/icons';
import { useMemo, useState } from 'react';
import { useNotify } from '../../../components/ui/notify';
import { useUnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { apiFieldErrors, errorMessage, type FieldErrors } from '../../../components/form-fields/field-errors';
import { useUpsertCourse } from '../api/upsert-course';
import { CourseDetailsFields } from './course-details-fields';
import { CourseDetailsView } from './course-details-view';
import { checkCourseForm, EMPTY_COURSE_FORM, formFromCourse, sameValues, type CourseFormValues } from './course-form-values';

interface CourseDetailsPanelProps {
  /** null: a new course. */
  course: CourseDetail | null;
  onCreated: (course: CourseDetail) => void;
}

/** Course details in view mode (pencil to edit) or edit mode; a new course starts in edit mode. */
export function CourseDetailsPanel({ course, onCreated }: CourseDetailsPanelProps) {
  const [editing, setEditing] = useState(course === null);
  const initial = useMemo(() => (course ? formFromCourse(course) : EMPTY_COURSE_FORM), [course]);
  const [values, setValues] = useState<CourseFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const upsert = useUpsertCourse();
  const notify = useNotify();

  const discard = () => {
    setValues(initial);
    setErrors({});
    if (course) setEditing(false);
  };
  const { dialog } = useUnsavedChangesGuard({ when: editing && !sameValues(values, initial), onDiscard: discard });

  const startEditing = () => {
    setValues(initial);
    setErrors({});
    setEditing(true);
  };

  const save = () => {
    if (upsert.isPending) return;
    const checked = checkCourseForm(values, course?.courseId ?? null);
    setErrors(checked.fieldErrors ?? {});
    if (!checked.request) return;
    upsert.mutate(checked.request, {
      onSuccess: (saved) => {
        notify.success(COURSE_MESSAGES.updated);
        setErrors({});
        if (course) {
          setValues(formFromCourse(saved));
          setEditing(false);
        } else {
          setValues(EMPTY_COURSE_FORM);
          onCreated(saved);
        }
      },
      onError: (error) => {
        const fieldErrors = apiFieldErrors(error);
        if (fieldErrors) setErrors(fieldErrors);
        else notify.error(errorMessage(error));
      },
    });
  };

  return (
    <section className="sched-panel course-details" aria-labelledby="course-details-heading">
      <div className="sched-toolbar">
        <h2 id="course-details-heading">Course details</h2>
        {!editing && (
          <IonButton fill="clear" aria-label="Edit course details" title="Edit course details" onClick={startEditing}>
            <IonIcon slot="icon-only" icon={createOutline} aria-hidden="true" />
          </IonButton>
        )}
      </div>
      {editing ? (
        <>
          <CourseDetailsFields values={values} errors={errors} onChange={(patch) => setValues((current) => ({ ...current, ...patch }))} />
          <div className="sched-buttons">
            {course && <IonButton fill="outline" onClick={discard}>CANCEL</IonButton>}
            <IonButton onClick={save} disabled={upsert.isPending}>
              {upsert.isPending ? <IonSpinner name="dots" aria-label="Saving" /> : 'SAVE'}
            </IonButton>
          </div>
        </>
      ) : (
        course && <CourseDetailsView course={course} />
      )}
      {dialog}
    </section>
  );
}
