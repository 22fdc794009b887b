import { IonButton, IonList, IonNote, IonSpinner } from '@ionic/react';
import { useRegister } from '../../../offline/hooks/use-people';
import type { ClassView } from '../../../offline/class-views';
import { markAllAttended, markAttendance } from '../../../offline/offline-actions';
import type { RegisterLineView } from '../../../offline/people-views';
import { useNotify } from '../../../components/ui/notify';
import { draftRefusal, nextMark, readOnlyReason, type ABSENT, type ATTENDED } from '../marking-rules';
import { allAttendedStudentIds } from '../all-attended';
import { RegisterLine } from './register-line';

/**
 * Mode M: the class's register. Each tap is saved on the phone at once (and queued for the server),
 * so marking works with no signal; refusals come back as sync issues.
 */
export function RegisterView({ cls }: { cls: ClassView }) {
  const lines = useRegister(cls.classId);
  const notify = useNotify();
  const reason = readOnlyReason(cls);

  const pending = allAttendedStudentIds(cls, lines ?? []);

  const save = async (change: () => Promise<unknown>) => {
    try {
      await change();
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    }
  };

  const toggle = (line: RegisterLineView, clicked: typeof ATTENDED | typeof ABSENT) => {
    const refusal = draftRefusal(cls);
    if (refusal) notify.error(refusal);
    else void save(() => markAttendance({ classId: cls.classId, studentId: line.studentId, statusId: nextMark(line.statusId, clicked) }));
  };

  if (lines === undefined) return <IonSpinner aria-label="Loading" />;
  return (
    <>
      {reason && <IonNote className="register-note">{reason}</IonNote>}
      {lines.length === 0 ? (
        <p className="empty-state">No students have been added</p>
      ) : (
        <>
          {/* One tap for the common case (the teacher then flips the absent ones): one queued change. */}
          {pending.length > 0 && (
            <IonButton expand="block" fill="outline" color="success" onClick={() => void save(() => markAllAttended(cls.classId, pending))}>
              All attended
            </IonButton>
          )}
          <IonList aria-label="Register">
            {lines.map((line) => (
              <RegisterLine key={line.studentId} line={line} disabled={reason !== null} onToggle={toggle} />
            ))}
          </IonList>
        </>
      )}
    </>
  );
}
