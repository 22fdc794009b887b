import { IonLabel, IonSegment, IonSegmentButton, IonSpinner } from '@ionic/react';
import { Suspense, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { useStudent } from '../api/get-student';
import { StudentProfileTab } from './student-profile-tab';
import '../../../components/ui/person-record.css';

type Tab = 'profile' | 'calendar' | 'documents' | 'notes';

/** The tabs the student feature does not own itself, composed in by the app's routes. */
export interface StudentTabSlots {
  calendar: (studentId: number) => ReactNode;
  documents: (studentId: number) => ReactNode;
  notes: (studentId: number) => ReactNode;
}

const TABS: { value: Tab; label: string }[] = [
  { value: 'profile', label: 'Profile' },
  { value: 'calendar', label: 'Calendar' },
  { value: 'documents', label: 'Documents' },
  { value: 'notes', label: 'Notes' },
];

/** /studentsForm and /studentsForm/{id}: the student's record in tabs; a new student has only Profile. */
export function StudentFormPage({ slots }: { slots: StudentTabSlots }) {
  const { id } = useParams();
  const studentId = id && /^\d+$/.test(id) ? Number(id) : null;
  const student = useStudent(studentId);
  const [tab, setTab] = useState<Tab>('profile');
  // Tabs are rendered once first opened and then kept, so the profile's edits survive a look elsewhere.
  const [opened, setOpened] = useState<Set<Tab>>(() => new Set(['profile']));

  const open = (next: Tab) => {
    setTab(next);
    setOpened((current) => new Set(current).add(next));
  };

  const name = student.data ? `${student.data.firstName} ${student.data.lastName}` : 'New student';
  return (
    <SignedInPage title="Student">
      <section className="person-form">
        <h2>{studentId === null ? 'New student' : name}</h2>
        <IonSegment className="person-form__tabs" value={tab} onIonChange={(event) => open(event.detail.value as Tab)}>
          {TABS.map(({ value, label }) => (
            <IonSegmentButton key={value} value={value} disabled={value !== 'profile' && studentId === null}>
              <IonLabel>{label}</IonLabel>
            </IonSegmentButton>
          ))}
        </IonSegment>
        {studentId !== null && student.isPending && <IonSpinner aria-label="Loading student" />}
        {student.isError && <p role="alert">{student.error.message}</p>}
        {(studentId === null || student.data) && (
          <>
            <div hidden={tab !== 'profile'}>
              <StudentProfileTab key={studentId ?? 'new'} student={student.data ?? null} />
            </div>
            {studentId !== null && (
              <Suspense fallback={<IonSpinner aria-label="Loading" />}>
                {opened.has('calendar') && <div hidden={tab !== 'calendar'}>{slots.calendar(studentId)}</div>}
                {opened.has('documents') && <div hidden={tab !== 'documents'}>{slots.documents(studentId)}</div>}
                {opened.has('notes') && <div hidden={tab !== 'notes'}>{slots.notes(studentId)}</div>}
              </Suspense>
            )}
          </>
        )}
      </section>
    </SignedInPage>
  );
}
