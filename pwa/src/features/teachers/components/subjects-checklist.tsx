import { IonCheckbox, IonNote } from '@ionic/react';
import type { CSSProperties } from 'react';
import { useSubjects } from '../api/get-subjects';

interface Props {
  selected: number[];
  error?: string;
  onChange: (subjectIds: number[]) => void;
}

/** The subjects the teacher teaches: a checkbox per subject, marked in its colour. */
export function SubjectsChecklist({ selected, error, onChange }: Props) {
  const subjects = useSubjects();
  const toggle = (subjectId: number, checked: boolean) =>
    onChange(checked ? [...selected, subjectId] : selected.filter((id) => id !== subjectId));
  return (
    <section className="person-panel" aria-labelledby="subjects-heading">
      <h3 id="subjects-heading">Subjects</h3>
      <div className="subjects-checklist">
        {(subjects.data ?? []).map((subject) => (
          <IonCheckbox
            key={subject.subjectId}
            labelPlacement="end"
            justify="start"
            checked={selected.includes(subject.subjectId)}
            onIonChange={(event) => toggle(subject.subjectId, event.detail.checked)}
            style={{ '--checkbox-background-checked': subject.color, '--border-color-checked': subject.color } as CSSProperties}
          >
            {subject.name}
          </IonCheckbox>
        ))}
      </div>
      {error && (
        <IonNote color="danger" className="field-error">
          {error}
        </IonNote>
      )}
    </section>
  );
}
