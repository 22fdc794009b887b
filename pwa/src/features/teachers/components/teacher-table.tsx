import { IonIcon } from '@ionic/react';
import type { TeacherListItem } from '@rollbook/shared-types/teachers';
import { checkmarkCircle } from 'ionicons/icons';
import { SubjectPills } from '../../../components/ui/subject-pills';

/** The teachers of one page; a row (click or Enter) opens the teacher. */
export function TeacherTable({ teachers, onOpen }: { teachers: TeacherListItem[]; onOpen: (teacherId: number) => void }) {
  return (
    <table className="people-table">
      <thead>
        <tr>
          <th scope="col">First name</th>
          <th scope="col">Last name</th>
          <th scope="col">Mobile</th>
          <th scope="col">Email</th>
          <th scope="col">Subjects taught</th>
          <th scope="col">Status</th>
          <th scope="col">Online access</th>
        </tr>
      </thead>
      <tbody>
        {teachers.map((teacher) => (
          <tr
            key={teacher.teacherId}
            tabIndex={0}
            onClick={() => onOpen(teacher.teacherId)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onOpen(teacher.teacherId);
            }}
          >
            <td>{teacher.firstName}</td>
            <td>{teacher.lastName}</td>
            <td className="people-table__nowrap">{teacher.mobile}</td>
            <td>{teacher.email}</td>
            <td>
              <SubjectPills list={teacher.subjectsString} />
            </td>
            <td>{teacher.active ? 'Active' : 'Inactive'}</td>
            <td>
              {teacher.hasLogin && <IonIcon className="people-table__tick" icon={checkmarkCircle} aria-label="Has online access" role="img" />}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
