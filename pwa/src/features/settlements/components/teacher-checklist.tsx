import { IonCheckbox, IonItem, IonList, IonListHeader } from '@ionic/react';
import { formatPounds } from '@rollbook/shared-types/money';
import type { TeacherPayment } from '@rollbook/shared-types/reports';
import { UserAvatar } from '../../../components/ui/user-avatar';

interface TeacherChecklistProps {
  teachers: TeacherPayment[];
  checked: ReadonlySet<number>;
  onChange: (checked: Set<number>) => void;
}

/** The teachers who have classes to process, each with a checkbox choosing them for the report. */
export function TeacherChecklist({ teachers, checked, onChange }: TeacherChecklistProps) {
  const allChecked = teachers.length > 0 && teachers.every((t) => checked.has(t.teacher.teacherId));
  const toggle = (teacherId: number, on: boolean) => {
    const next = new Set(checked);
    if (on) next.add(teacherId);
    else next.delete(teacherId);
    onChange(next);
  };
  return (
    <IonList className="settlements__checklist" aria-labelledby="teacher-checklist-heading">
      <IonListHeader>
        <h2 id="teacher-checklist-heading">Teachers</h2>
      </IonListHeader>
      <IonItem lines="full">
        <IonCheckbox
          labelPlacement="end"
          justify="start"
          checked={allChecked}
          onIonChange={(event) => onChange(event.detail.checked ? new Set(teachers.map((t) => t.teacher.teacherId)) : new Set())}
        >
          Select all
        </IonCheckbox>
      </IonItem>
      {teachers.map(({ teacher, paymentItems, paymentTotalPence }) => (
        <IonItem key={teacher.teacherId}>
          <div slot="start">
            <UserAvatar firstName={teacher.firstName} lastName={teacher.lastName} imageName={teacher.avatar} size={32} />
          </div>
          <IonCheckbox
            labelPlacement="end"
            justify="start"
            checked={checked.has(teacher.teacherId)}
            onIonChange={(event) => toggle(teacher.teacherId, event.detail.checked)}
          >
            <span className="settlements__checklist-name">
              {teacher.firstName} {teacher.lastName}
            </span>
            <span className="settlements__checklist-figures">
              {paymentItems.length} classes, {formatPounds(paymentTotalPence)}
            </span>
          </IonCheckbox>
        </IonItem>
      ))}
    </IonList>
  );
}
