import { IonSpinner } from '@ionic/react';
import { showDate } from '@rollbook/shared-types/display-dates';
import type { ClassView } from '../../../offline/class-views';
import { NOT_ON_DEVICE_MESSAGE } from '../../../offline/local-changes';
import type { DialogState } from '../dialog-state';
import { CourseClassList } from './course-class-list';
import { MoveToEndConfirm } from './move-to-end-confirm';
import { RegisterView } from './register-view';
import { RescheduleView } from './reschedule-view';

interface ClassDialogBodyProps {
  state: DialogState;
  /** The class of modes M, E and CM, as useClass reads it. */
  cls: ClassView | null | undefined;
  onChange: (state: DialogState) => void;
  onClose: () => void;
  /** Opened on one class: saving closes the dialog. Opened on the class list: saving goes back to it. */
  closeAfterSave: boolean;
}

export function ClassDialogBody({ state, cls, onChange, onClose, closeAfterSave }: ClassDialogBodyProps) {
  if (state.mode === 'C') {
    const open = (mode: 'M' | 'E') => (picked: ClassView) =>
      onChange({ mode, classId: picked.classId, courseId: state.courseId, seriesStatusId: picked.seriesStatusId });
    return <CourseClassList courseId={state.courseId ?? 0} emptyText="No classes currently" onMark={open('M')} onEdit={open('E')} />;
  }
  if (cls === undefined) return <IonSpinner aria-label="Loading" />;
  if (cls === null) return <p className="empty-state">{NOT_ON_DEVICE_MESSAGE}</p>;

  const afterSave = () => (closeAfterSave ? onClose() : onChange({ mode: 'C', courseId: state.courseId }));
  return (
    <>
      <p className="class-dialog__subtitle">
        {cls.course} · {cls.weekday} {showDate(cls.startsAt)} · {cls.classDatesCombined}
      </p>
      {state.mode === 'M' && <RegisterView cls={cls} />}
      {state.mode === 'E' && <RescheduleView cls={cls} onDone={afterSave} onMoveToEnd={() => onChange({ ...state, mode: 'CM' })} />}
      {state.mode === 'CM' && <MoveToEndConfirm cls={cls} onDone={afterSave} onCancel={() => onChange({ ...state, mode: 'E' })} />}
    </>
  );
}
