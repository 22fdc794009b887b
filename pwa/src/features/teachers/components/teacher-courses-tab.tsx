import { IonCheckbox, IonInput, IonLabel, IonSegment, IonSegmentButton, IonSpinner } from '@ionic/react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTeacherCourses, type TeacherCourseFilters } from '../api/get-teacher-courses';
import { SubjectPills } from '../../../components/ui/subject-pills';

const VIEWS: { value: TeacherCourseFilters['viewStatus']; label: string }[] = [
  { value: 'current', label: 'CURRENT' },
  { value: 'past', label: 'PAST' },
  { value: 'future', label: 'FUTURE' },
];

/** Courses tab: the teacher's current, past or future courses, searchable, optionally only those to mark. */
export function TeacherCoursesTab({ teacherId }: { teacherId: number }) {
  const [filters, setFilters] = useState<TeacherCourseFilters>({ viewStatus: 'current', requiresMarking: false, searchCriteria: '' });
  const [search, setSearch] = useState('');
  const courses = useTeacherCourses(teacherId, filters);

  useEffect(() => {
    const timer = setTimeout(() => setFilters((current) => (current.searchCriteria === search ? current : { ...current, searchCriteria: search })), 300);
    return () => clearTimeout(timer);
  }, [search]);

  return (
    <section aria-label="Courses">
      <div className="teacher-courses__filters">
        <IonSegment value={filters.viewStatus} onIonChange={(event) => setFilters((f) => ({ ...f, viewStatus: event.detail.value as TeacherCourseFilters['viewStatus'] }))}>
          {VIEWS.map(({ value, label }) => (
            <IonSegmentButton key={value} value={value}>
              <IonLabel>{label}</IonLabel>
            </IonSegmentButton>
          ))}
        </IonSegment>
        <IonInput label="Search" labelPlacement="stacked" fill="outline" clearInput value={search} onIonInput={(event) => setSearch(event.detail.value ?? '')} />
        <IonCheckbox labelPlacement="end" checked={filters.requiresMarking} onIonChange={(event) => setFilters((f) => ({ ...f, requiresMarking: event.detail.checked }))}>
          Only require marking
        </IonCheckbox>
      </div>
      {courses.isPending && <IonSpinner aria-label="Loading courses" />}
      {courses.isError && <p role="alert">{courses.error.message}</p>}
      {courses.data && courses.data.length === 0 && <p className="people-empty">Teacher does not have any courses currently</p>}
      {courses.data && courses.data.length > 0 && (
        <table className="people-table people-table--static">
          <thead>
            <tr>
              <th scope="col">Course</th>
              <th scope="col">Subject</th>
              <th scope="col">Level</th>
              <th scope="col">Company</th>
              <th scope="col">Start date</th>
              <th scope="col">End date</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {courses.data.map((course) => (
              <tr key={course.courseId}>
                <td>
                  <Link to={`/CoursesForm/${course.courseId}`}>{course.title}</Link>
                </td>
                <td>
                  <SubjectPills list={`${course.subject}|${course.subjectColor}`} />
                </td>
                <td>{course.courseLevel}</td>
                <td>{course.company ?? 'Private'}</td>
                <td>{course.startDateString}</td>
                <td>{course.endDateString}</td>
                <td>{course.courseStatus}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
