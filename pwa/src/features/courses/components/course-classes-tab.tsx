import { IonAlert, IonButton, IonIcon, IonSpinner } from '@ionic/react';
import type { ClassItem } from '@rollbook/shared-types/classes';
import type { CourseDetail } from '@rollbook/shared-types/courses';
import { arrowDownCircleOutline, createOutline, trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useNotify } from '../../../components/ui/notify';
// Another feature's, on purpose: spec §2.3 puts the register, reschedule and move-to-end (attendance)
// and the generator (class-generator) on the course's Classes tab; those features own the operations.
import { useMoveClassToEnd } from '../../attendance/api/move-class-to-end';
import { AttendanceModal, type AttendanceTarget } from '../../attendance/components/attendance-modal';
import { RESCHEDULE_MESSAGES } from '../../attendance/components/reschedule-form';
import { ClassGeneratorButton } from '../../class-generator/components/class-generator-button';
import { ClashError } from '../../../lib/clash-aware-request';
import { ClassStatusBadge, classStatusName } from '../../../components/scheduling/class-status-badge';
import { errorMessage } from '../../../components/form-fields/field-errors';
import { useClashConfirm } from '../../../components/scheduling/use-clash-confirm';
import { useCourseClasses } from '../api/get-course-classes';
import { useDeleteClass } from '../api/delete-class';
import { canRemove, canReschedule, DELETE_CLASS_QUESTION, deletedMessage, MOVE_TO_END_QUESTION } from './class-row-actions';

/** The course's classes with reschedule, move to end, delete and the register, and the generator. */
export function CourseClassesTab({ course }: { course: CourseDetail }) {
  const classes = useCourseClasses(course.courseId);
  const [target, setTarget] = useState<AttendanceTarget | null>(null);
  const [moving, setMoving] = useState<ClassItem | null>(null);
  const [deleting, setDeleting] = useState<ClassItem | null>(null);
  const moveToEnd = useMoveClassToEnd();
  const remove = useDeleteClass();
  const confirmClashes = useClashConfirm();
  const notify = useNotify();

  const move = (classId: number, allowClashes = false) => {
    if (moveToEnd.isPending) return;
    moveToEnd.mutate(
      { classId, allowClashes },
      {
        onSuccess: () => notify.success(RESCHEDULE_MESSAGES.moved),
        onError: async (error) => {
          if (!(error instanceof ClashError)) return notify.error(errorMessage(error));
          if (await confirmClashes(error.message, error.clashes)) move(classId, true);
        },
      },
    );
  };
  const removeClass = (classId: number, scope: 'class' | 'series') =>
    remove.mutate({ classId, scope }, { onSuccess: (result) => notify.success(deletedMessage(result)), onError: (error) => notify.error(errorMessage(error)) });

  return (
    <section className="course-classes" aria-labelledby="course-classes-heading">
      <div className="sched-toolbar">
        <h2 id="course-classes-heading">Classes{classes.data ? ` (${classes.data.length})` : ''}</h2>
        <ClassGeneratorButton course={course} />
      </div>
      {classes.isPending && <IonSpinner aria-label="Loading classes" />}
      {classes.isError && <p className="sched-inline-error" role="alert">{errorMessage(classes.error)}</p>}
      {classes.data && classes.data.length === 0 && <p className="sched-empty">No classes currently</p>}
      {classes.data && classes.data.length > 0 && (
        <div className="sched-table-wrap">
          <table className="sched-table course-classes-table">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Date</th>
                <th scope="col">Time</th>
                <th scope="col" className="sched-num">Length (mins)</th>
                <th scope="col">Teacher</th>
                <th scope="col">Room</th>
                <th scope="col" className="sched-num">Students</th>
                <th scope="col">Status</th>
                <th scope="col" className="sched-actions"><span className="ion-hide">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {classes.data.map((c) => (
                <tr key={c.classId} data-class-id={c.classId}>
                  <td>{c.weekday}</td>
                  <td>{c.classDateString}</td>
                  <td>{c.classDatesCombined}</td>
                  <td className="sched-num">{c.classLength}</td>
                  <td><Link to={`/teachersForm/${c.teacherId}`}>{c.teacher}</Link></td>
                  <td>{c.room ?? ''}</td>
                  <td className="sched-num">{c.studentCount}</td>
                  <td>
                    <ClassStatusBadge statusId={c.seriesStatusId} label={`${classStatusName(c.seriesStatusId)}: students of the class of ${c.classDateString}`} onClick={() => setTarget({ classItem: c, mode: 'M' })} />
                  </td>
                  <td className="sched-actions">
                    {canReschedule(c.seriesStatusId) && (
                      <>
                        <IonButton fill="clear" size="small" aria-label={`Reschedule the class of ${c.classDateString}`} title="Reschedule" onClick={() => setTarget({ classItem: c, mode: 'R' })}>
                          <IonIcon slot="icon-only" icon={createOutline} aria-hidden="true" />
                        </IonButton>
                        <IonButton fill="clear" size="small" aria-label={`Move the class of ${c.classDateString} to the end`} title="Move to end" disabled={moveToEnd.isPending} onClick={() => setMoving(c)}>
                          <IonIcon slot="icon-only" icon={arrowDownCircleOutline} aria-hidden="true" />
                        </IonButton>
                      </>
                    )}
                    {canRemove(c.seriesStatusId) && (
                      <IonButton fill="clear" size="small" color="danger" aria-label={`Delete the class of ${c.classDateString}`} title="Delete" onClick={() => setDeleting(c)}>
                        <IonIcon slot="icon-only" icon={trashOutline} aria-hidden="true" />
                      </IonButton>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AttendanceModal target={target} onClose={() => setTarget(null)} />
      <IonAlert
        isOpen={moving !== null}
        header="Move to end"
        message={MOVE_TO_END_QUESTION}
        buttons={[
          { text: 'NO', role: 'cancel' },
          { text: 'YES', role: 'confirm' },
        ]}
        onDidDismiss={(event) => {
          if (moving && event.detail.role === 'confirm') move(moving.classId);
          setMoving(null);
        }}
      />
      <IonAlert
        isOpen={deleting !== null}
        header="Delete class"
        message={DELETE_CLASS_QUESTION}
        buttons={[
          { text: 'CANCEL', role: 'cancel' },
          { text: 'DELETE CLASS', role: 'class', cssClass: 'alert-button-danger' },
          { text: 'DELETE SERIES', role: 'series', cssClass: 'alert-button-danger' },
        ]}
        onDidDismiss={(event) => {
          const scope = event.detail.role;
          if (deleting && (scope === 'class' || scope === 'series')) removeClass(deleting.classId, scope);
          setDeleting(null);
        }}
      />
    </section>
  );
}
