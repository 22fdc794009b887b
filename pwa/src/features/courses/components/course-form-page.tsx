import { IonLabel, IonSegment, IonSegmentButton, IonSpinner } from '@ionic/react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { errorMessage } from '../../../components/form-fields/field-errors';
import { useCourse } from '../api/get-course';
import { CourseClassesTab } from './course-classes-tab';
import { CourseDetailsPanel } from './course-details-panel';
import { CourseStatusPanel } from './course-status-panel';
import { CourseStudentsTab } from './course-students-tab';
import '../../../components/scheduling/scheduling.css';

type Tab = 'details' | 'students' | 'classes';

const idFrom = (text: string | undefined): number | null => {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** /coursesform (new) and /coursesform/:id: details, students and classes of a course (spec §2.3). */
export default function CourseFormPage() {
  const { id } = useParams<{ id?: string }>();
  const courseId = idFrom(id);
  const course = useCourse(courseId);
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('details');
  const isNew = courseId === null;

  return (
    <SignedInPage title="Course">
      {!isNew && course.isPending && <IonSpinner aria-label="Loading course" />}
      {!isNew && course.isError && <p className="sched-inline-error" role="alert">{errorMessage(course.error)}</p>}
      {(isNew || course.data) && (
        <>
          {course.data && <p className="course-form__title">{course.data.title}</p>}
          <IonSegment className="sched-segment" value={tab} onIonChange={(event) => setTab((event.detail.value as Tab) ?? 'details')}>
            <IonSegmentButton value="details"><IonLabel>Details</IonLabel></IonSegmentButton>
            <IonSegmentButton value="students" disabled={isNew}><IonLabel>Students</IonLabel></IonSegmentButton>
            <IonSegmentButton value="classes" disabled={isNew}><IonLabel>Classes</IonLabel></IonSegmentButton>
          </IonSegment>
          {tab === 'details' && (
            <>
              <CourseDetailsPanel
                key={courseId ?? 'new'}
                course={course.data ?? null}
                onCreated={(created) => navigate(`/coursesform/${created.courseId}`, { replace: true })}
              />
              {course.data && <CourseStatusPanel key={course.data.courseId} course={course.data} />}
            </>
          )}
          {tab === 'students' && course.data && <CourseStudentsTab course={course.data} />}
          {tab === 'classes' && course.data && <CourseClassesTab course={course.data} />}
        </>
      )}
    </SignedInPage>
  );
}
