import { useState } from 'react';
import { useClass } from '../../../offline/hooks/use-classes';
import { MobileModal } from '../../../components/mobile/mobile-modal';
import { dialogTitle, type DialogState } from '../dialog-state';
import { ClassDialogBody } from './class-dialog-body';
import './class-dialog.css';

interface ClassDialogProps {
  /** What to open (null: closed). Mode C needs courseId; M, E and CM need classId. */
  target: DialogState | null;
  onClose: () => void;
}

/** The phone's attendance and reschedule dialog, modes C (class list), M, E and CM (spec §2.12). */
export function ClassDialog({ target, onClose }: ClassDialogProps) {
  const [opened, setOpened] = useState<DialogState | null>(target);
  const [state, setState] = useState<DialogState | null>(target);
  // A new opening starts on what it was opened on; closing keeps the content for the animation.
  if (target !== opened) {
    setOpened(target);
    if (target) setState(target);
  }
  const cls = useClass(state?.classId ?? 0);
  const title = state ? dialogTitle(state, cls ? cls.seriesStatusId : (state.seriesStatusId ?? null)) : '';
  // From the class list (C) the teacher can go back to it; from CM back to the reschedule form.
  const back = !state || !opened ? null : state.mode === 'CM' ? { ...state, mode: 'E' as const } : state.mode !== 'C' && opened.mode === 'C' ? opened : null;
  return (
    <MobileModal
      isOpen={target !== null}
      title={title}
      label={target ? dialogTitle(target, target.seriesStatusId ?? null) : title}
      onClose={onClose}
      onBack={back ? () => setState(back) : undefined}
    >
      {state && <ClassDialogBody state={state} cls={cls} onChange={setState} onClose={onClose} closeAfterSave={opened?.mode !== 'C'} />}
    </MobileModal>
  );
}
