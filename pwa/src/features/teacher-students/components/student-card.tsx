import { IonCard, IonCardContent, IonCardHeader } from '@ionic/react';
import type { SyncStudent } from '@rollbook/shared-types/sync';
import { CardField } from '../../../components/mobile/card-field';

/** One of the teacher's students: name, company (or 'Private') and how to reach them. */
export function StudentCard({ student }: { student: SyncStudent }) {
  const name = `${student.firstName} ${student.lastName}`.trim();
  return (
    <IonCard className="mobile-card" data-student-id={student.studentId}>
      <IonCardHeader>
        <h3 className="mobile-card__title">{name}</h3>
        <p className="mobile-card__subtitle">{student.company ?? 'Private'}</p>
      </IonCardHeader>
      <IonCardContent>
        <CardField label="Email">{student.email && <a href={`mailto:${student.email}`}>{student.email}</a>}</CardField>
        <CardField label="Mobile">{student.mobile && <a href={`tel:${student.mobile}`}>{student.mobile}</a>}</CardField>
        <CardField label="Landline">{student.landline && <a href={`tel:${student.landline}`}>{student.landline}</a>}</CardField>
      </IonCardContent>
    </IonCard>
  );
}
