import { IonSpinner } from '@ionic/react';
import { ENROLMENT_STATUS_NAMES, EnrolmentStatus } from '@rollbook/shared-types/statuses';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SchedModal } from '../../../components/scheduling/sched-modal';
import { SelectField } from '../../../components/form-fields/select-field';
import { ListPager } from '../../../components/ui/list-pager';
import { useStudentsOnCourse } from '../api/get-students-on-course';

export const ENROLMENT_FILTER_OPTIONS = [
  { value: 0, label: 'All' },
  { value: EnrolmentStatus.Enrolled, label: 'Enrolled' },
  { value: EnrolmentStatus.Enquired, label: 'Enquired' },
  { value: EnrolmentStatus.Waiting, label: 'Waiting' },
];

interface StudentsOnCourseModalProps {
  course: { courseId: number; title: string };
  statusId: number;
  onDismissed: () => void;
}

/** 'Students on course': the course's students by enrolment status, 9 a page. */
export function StudentsOnCourseModal({ course, statusId: initialStatus, onDismissed }: StudentsOnCourseModalProps) {
  const [open, setOpen] = useState(true);
  const [statusId, setStatusId] = useState(initialStatus);
  const [page, setPage] = useState(1);
  const students = useStudentsOnCourse({ courseId: course.courseId, statusId, firstName: '', page });
  const data = students.data;
  return (
    <SchedModal isOpen={open} title="Students on course" onClose={() => setOpen(false)} onDismissed={onDismissed}>
      <p>{course.title}</p>
      <SelectField label="Status" value={statusId} options={ENROLMENT_FILTER_OPTIONS} onChange={(v) => { setStatusId(Number(v)); setPage(1); }} />
      {students.isPending && <IonSpinner aria-label="Loading students" />}
      {data && data.students.length === 0 && <p className="sched-empty">No students have been added</p>}
      {data && data.students.length > 0 && (
        <table className="sched-table">
          <thead>
            <tr>
              <th scope="col">Student</th>
              <th scope="col">Company</th>
              <th scope="col">Email</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {data.students.map((s) => (
              <tr key={s.studentId}>
                <td>
                  <Link to={`/studentsForm/${s.studentId}`} onClick={() => setOpen(false)}>{s.firstName} {s.lastName}</Link>
                </td>
                <td>{s.company ?? 'Private'}</td>
                <td>{s.email ?? ''}</td>
                <td>{ENROLMENT_STATUS_NAMES[s.statusId] ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && <ListPager page={page} pageSize={data.pageSize} total={data.total} onPage={setPage} />}
    </SchedModal>
  );
}
