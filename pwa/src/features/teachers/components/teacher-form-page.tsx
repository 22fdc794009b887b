import { IonLabel, IonSegment, IonSegmentButton, IonSpinner } from '@ionic/react';
import { Suspense, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { useTeacher } from '../api/get-teacher';
import { TeacherCoursesTab } from './teacher-courses-tab';
import { TeacherDetailsTab } from './teacher-details-tab';
import '../../../components/ui/person-record.css';
import './teachers.css';

type Tab = 'details' | 'courses' | 'calendar' | 'documents' | 'notes' | 'payments';

/** The tabs the teachers feature does not own itself, composed in by the app's routes. */
export interface TeacherTabSlots {
  calendar: (teacherId: number) => ReactNode;
  documents: (teacherId: number) => ReactNode;
  notes: (teacherId: number) => ReactNode;
  payments: (teacherId: number) => ReactNode;
}

const TABS: { value: Tab; label: string }[] = [
  { value: 'details', label: 'Details' },
  { value: 'courses', label: 'Courses' },
  { value: 'calendar', label: 'Calendar' },
  { value: 'documents', label: 'Documents' },
  { value: 'notes', label: 'Notes' },
  { value: 'payments', label: 'Payments' },
];

/** /teachersForm and /teachersForm/{id}: the teacher's record in tabs; a new teacher has only Details. */
export function TeacherFormPage({ slots }: { slots: TeacherTabSlots }) {
  const { id } = useParams();
  const teacherId = id && /^\d+$/.test(id) ? Number(id) : null;
  const teacher = useTeacher(teacherId);
  const [tab, setTab] = useState<Tab>('details');
  // Tabs are rendered once first opened and then kept, so the details' edits survive a look elsewhere.
  const [opened, setOpened] = useState<Set<Tab>>(() => new Set(['details']));

  const open = (next: Tab) => {
    setTab(next);
    setOpened((current) => new Set(current).add(next));
  };
  const pane = (value: Exclude<Tab, 'details'>, render: (teacherId: number) => ReactNode) =>
    teacherId !== null && opened.has(value) && <div hidden={tab !== value}>{render(teacherId)}</div>;

  const name = teacher.data ? `${teacher.data.firstName} ${teacher.data.lastName}` : 'New teacher';
  return (
    <SignedInPage title="Teacher">
      <section className="person-form">
        <h2>{teacherId === null ? 'New teacher' : name}</h2>
        <IonSegment className="person-form__tabs" scrollable value={tab} onIonChange={(event) => open(event.detail.value as Tab)}>
          {TABS.map(({ value, label }) => (
            <IonSegmentButton key={value} value={value} disabled={value !== 'details' && teacherId === null}>
              <IonLabel>{label}</IonLabel>
            </IonSegmentButton>
          ))}
        </IonSegment>
        {teacherId !== null && teacher.isPending && <IonSpinner aria-label="Loading teacher" />}
        {teacher.isError && <p role="alert">{teacher.error.message}</p>}
        {(teacherId === null || teacher.data) && (
          <>
            <div hidden={tab !== 'details'}>
              <TeacherDetailsTab key={teacherId ?? 'new'} teacher={teacher.data ?? null} />
            </div>
            {pane('courses', (tid) => <TeacherCoursesTab teacherId={tid} />)}
            <Suspense fallback={<IonSpinner aria-label="Loading" />}>
              {pane('calendar', slots.calendar)}
              {pane('documents', slots.documents)}
              {pane('notes', slots.notes)}
              {pane('payments', slots.payments)}
            </Suspense>
          </>
        )}
      </section>
    </SignedInPage>
  );
}
