import { IonIcon } from '@ionic/react';
import type { StudentListItem } from '@rollbook/shared-types/students';
import { checkmarkCircle } from 'ionicons/icons';
import { SubjectPills } from '../../../components/ui/subject-pills';

/** The students of one page; a row (click or Enter) opens the student. */
export function StudentTable({ students, onOpen }: { students: StudentListItem[]; onOpen: (studentId: number) => void }) {
  return (
    <table className="people-table">
      <thead>
        <tr>
          <th scope="col">First name</th>
          <th scope="col">Last name</th>
          <th scope="col">Mobile</th>
          <th scope="col">Email</th>
          <th scope="col">Company</th>
          <th scope="col">Current courses</th>
          <th scope="col">Status</th>
          <th scope="col">Online access</th>
        </tr>
      </thead>
      <tbody>
        {students.map((student) => (
          <tr
            key={student.studentId}
            tabIndex={0}
            onClick={() => onOpen(student.studentId)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onOpen(student.studentId);
            }}
          >
            <td>{student.firstName}</td>
            <td>{student.lastName}</td>
            <td className="people-table__nowrap">{student.mobile}</td>
            <td>{student.email}</td>
            <td>{student.company}</td>
            <td>
              <SubjectPills list={student.currentCourses} />
            </td>
            <td>{student.statusId === 1 ? 'Active' : 'Inactive'}</td>
            <td>
              {student.hasLogin && <IonIcon className="people-table__tick" icon={checkmarkCircle} aria-label="Has online access" role="img" />}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
