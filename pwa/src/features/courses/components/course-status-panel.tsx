import { IonButton, IonIcon } from '@ionic/react';
import { COURSE_MESSAGES, type CourseDetail } from '@rollbook/shared-types/courses';
import { copyOutline, printOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify } from '../../../components/ui/notify';
import { errorMessage } from '../../../components/form-fields/field-errors';
import { SelectField } from '../../../components/form-fields/select-field';
import { useCloneCourse } from '../api/clone-course';
import { useUpdateCourseStatus } from '../api/update-course-status';
import { statusOptions } from './course-form-values';

/** Status update, clone and the attendance report of an existing course. */
export function CourseStatusPanel({ course }: { course: CourseDetail }) {
  // The status picked but not saved yet; the course's own otherwise.
  const [picked, setPicked] = useState<number | null>(null);
  const statusId = picked ?? course.courseStatusId;
  const updateStatus = useUpdateCourseStatus();
  const clone = useCloneCourse();
  const notify = useNotify();
  const navigate = useNavigate();

  const saveStatus = () =>
    updateStatus.mutate(
      { courseId: course.courseId, courseStatusId: statusId },
      {
        onSuccess: () => {
          setPicked(null);
          notify.success(COURSE_MESSAGES.updated);
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  const cloneCourse = () =>
    clone.mutate(course.courseId, {
      onSuccess: (copy) => {
        notify.success(COURSE_MESSAGES.cloned);
        navigate(`/coursesform/${copy.courseId}`);
      },
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <section className="sched-panel course-status" aria-labelledby="course-status-heading">
      <h2 id="course-status-heading">Course status</h2>
      <div className="sched-form-grid">
        <SelectField label="Status" value={statusId} options={statusOptions(course.courseStatusId, course.markedCount)} onChange={(v) => setPicked(Number(v))} />
      </div>
      <div className="sched-buttons">
        <IonButton fill="outline" href={`/reports/printstudentattendence?id=${course.courseId}`} target="_blank" rel="noopener">
          <IonIcon slot="start" icon={printOutline} aria-hidden="true" />
          ATTENDANCE REPORT
        </IonButton>
        <IonButton fill="outline" onClick={cloneCourse} disabled={clone.isPending}>
          <IonIcon slot="start" icon={copyOutline} aria-hidden="true" />
          CLONE
        </IonButton>
        <IonButton onClick={saveStatus} disabled={updateStatus.isPending || statusId === course.courseStatusId}>UPDATE STATUS</IonButton>
      </div>
    </section>
  );
}
