import { IonAlert, IonButton, IonIcon, IonInput, IonSpinner } from '@ionic/react';
import { ATTENDANCE_WARNINGS_PATH, attendanceWarningsTitle } from '@rollbook/shared-types/attendance-warnings';
import { ENROLMENT_MESSAGES, type StudentOnCourse } from '@rollbook/shared-types/courses';
import { EnrolmentStatus } from '@rollbook/shared-types/statuses';
import { calendarNumberOutline, lockClosedOutline, trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AttendanceRate } from '../../../components/ui/attendance-rate';
import { useNotify } from '../../../components/ui/notify';
import { errorMessage } from '../../../components/form-fields/field-errors';
import { SelectField } from '../../../components/form-fields/select-field';
import { ListPager } from '../../../components/ui/list-pager';
import { useAttendanceRates, useAttendanceThreshold } from '../../../lookups/get-attendance-rates';
import { useDeleteStudentFromCourse } from '../api/delete-student-from-course';
import { useStudentsOnCourse } from '../api/get-students-on-course';
import { useUpdateStudentStatus } from '../api/update-student-status';
import { AddStudentsModal } from './add-students-modal';
import { ENROLMENT_FILTER_OPTIONS } from './students-on-course-modal';
import { StudentOverrideModal } from './student-override-modal';

export const REMOVE_STUDENT_QUESTION = 'Are you sure you wish to remove this student?';

/** Enrolment choices of a row; None clears the student's status. */
const ROW_STATUS_OPTIONS = [
  { value: EnrolmentStatus.Enrolled, label: 'Enrolled' },
  { value: EnrolmentStatus.Enquired, label: 'Enquired' },
  { value: EnrolmentStatus.Waiting, label: 'Waiting' },
  { value: EnrolmentStatus.None, label: 'None' },
];

/**
 * The course's students, 9 a page, by status and first name, with their enrolment managed here and
 * each one's attendance rate (attended ÷ held classes marked), flagged below the school's threshold.
 */
export function CourseStudentsTab({ course }: { course: { courseId: number; title: string } }) {
  const [statusId, setStatusId] = useState(0);
  const [firstName, setFirstName] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<StudentOnCourse | null>(null);
  const [override, setOverride] = useState<StudentOnCourse | null>(null);
  const list = useStudentsOnCourse({ courseId: course.courseId, statusId, firstName, page });
  const rates = useAttendanceRates({ courseId: course.courseId });
  const threshold = useAttendanceThreshold();
  const rateOf = (studentId: number) => rates.data?.find((r) => r.studentId === studentId);
  const updateStatus = useUpdateStudentStatus();
  const remove = useDeleteStudentFromCourse();
  const notify = useNotify();
  const failed = (error: unknown) => notify.error(errorMessage(error));

  const changeStatus = (student: StudentOnCourse, next: number) => {
    if (next === student.statusId) return;
    updateStatus.mutate({ courseId: course.courseId, students: [{ studentId: student.studentId, statusId: next }] }, { onError: failed });
  };

  const data = list.data;
  return (
    <section className="course-students" aria-labelledby="course-students-heading">
      <div className="sched-toolbar">
        <h2 id="course-students-heading">Students{data ? ` (${data.total})` : ''}</h2>
        <div>
          {threshold.data !== undefined && (
            <Link className="course-students__warnings" to={`${ATTENDANCE_WARNINGS_PATH}?courseId=${course.courseId}`}>
              {attendanceWarningsTitle(threshold.data)}
            </Link>
          )}
          <IonButton onClick={() => setAdding(true)}>ADD STUDENTS</IonButton>
        </div>
      </div>
      <div className="sched-filters">
        <SelectField label="Status" value={statusId} options={ENROLMENT_FILTER_OPTIONS} onChange={(v) => { setStatusId(Number(v)); setPage(1); }} />
        <IonInput label="First name" labelPlacement="stacked" fill="outline" debounce={300} value={firstName} onIonInput={(event) => { setFirstName(event.detail.value ?? ''); setPage(1); }} />
      </div>
      {list.isPending && <IonSpinner aria-label="Loading students" />}
      {data && data.students.length === 0 && <p className="sched-empty">No students have been added</p>}
      {data && data.students.length > 0 && (
        <div className="sched-table-wrap">
          <table className="sched-table">
            <thead>
              <tr>
                <th scope="col">Student</th>
                <th scope="col">Company</th>
                <th scope="col">Email</th>
                <th scope="col">Mobile</th>
                <th scope="col">Status</th>
                <th scope="col" className="sched-num">Attendance</th>
                <th scope="col" className="sched-actions"><span className="ion-hide">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {data.students.map((s) => {
                const name = `${s.firstName} ${s.lastName}`;
                return (
                  <tr key={s.studentId} data-student-id={s.studentId}>
                    <td><Link to={`/studentsForm/${s.studentId}`}>{name}</Link></td>
                    <td>{s.company ?? 'Private'}</td>
                    <td>{s.email ?? ''}</td>
                    <td>{s.mobile ?? ''}</td>
                    <td>
                      <SelectField hideLabel label={`Status of ${name}`} value={s.statusId} options={ROW_STATUS_OPTIONS} onChange={(v) => changeStatus(s, Number(v))} />
                    </td>
                    <td className="sched-num" data-testid="attendance-rate">
                      <AttendanceRate rate={rateOf(s.studentId)} threshold={threshold.data} />
                    </td>
                    <td className="sched-actions">
                      <IonButton fill="clear" size="small" aria-label={`Classes of ${name}`} title="Enrolment on each class" onClick={() => setOverride(s)}>
                        <IonIcon slot="icon-only" icon={calendarNumberOutline} aria-hidden="true" />
                      </IonButton>
                      {s.hasMarkedOrPaid ? (
                        // Marked or paid classes keep the student on the course: no bin, the reason instead.
                        <IonIcon
                          className="course-students__locked"
                          icon={lockClosedOutline}
                          role="img"
                          aria-label={`${name}: ${ENROLMENT_MESSAGES.hasMarkedOrPaid}`}
                          title={ENROLMENT_MESSAGES.hasMarkedOrPaid}
                        />
                      ) : (
                        <IonButton fill="clear" size="small" color="danger" aria-label={`Remove ${name}`} title="Remove from course" onClick={() => setRemoving(s)}>
                          <IonIcon slot="icon-only" icon={trashOutline} aria-hidden="true" />
                        </IonButton>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {data && <ListPager page={page} pageSize={data.pageSize} total={data.total} onPage={setPage} />}
      <IonAlert
        isOpen={removing !== null}
        header="Remove student"
        message={REMOVE_STUDENT_QUESTION}
        buttons={[
          { text: 'NO', role: 'cancel' },
          { text: 'YES', role: 'confirm' },
        ]}
        onDidDismiss={(event) => {
          if (removing && event.detail.role === 'confirm') remove.mutate({ courseId: course.courseId, studentId: removing.studentId }, { onError: failed });
          setRemoving(null);
        }}
      />
      {adding && <AddStudentsModal courseId={course.courseId} onDismissed={() => setAdding(false)} />}
      {override && (
        <StudentOverrideModal key={override.studentId} courseId={course.courseId} student={override} onDismissed={() => setOverride(null)} />
      )}
    </section>
  );
}
