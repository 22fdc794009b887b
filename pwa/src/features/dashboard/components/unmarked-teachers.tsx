import { IonSpinner } from '@ionic/react';
import { ClassStatus } from '@rollbook/shared-types/statuses';
import { Link } from 'react-router-dom';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { useTeachersUnmarkedClassCount } from '../api/get-teachers-unmarked-class-count';

/** Teachers with classes requiring marking: the name opens the teacher, the count their unmarked classes. */
export function UnmarkedTeachers() {
  const teachers = useTeachersUnmarkedClassCount();
  return (
    <section className="dashboard__panel" aria-labelledby="unmarked-teachers-heading">
      <h2 id="unmarked-teachers-heading">Teachers with unmarked classes</h2>
      {teachers.isPending && <IonSpinner aria-label="Loading" />}
      {teachers.isError && <p role="alert">{teachers.error.message}</p>}
      {teachers.data?.length === 0 && <p className="dashboard__muted">No teachers have unmarked classes</p>}
      {teachers.data && teachers.data.length > 0 && (
        <table className="dashboard-table">
          <thead>
            <tr>
              <th scope="col">Teacher</th>
              <th scope="col" className="dashboard__number">Unmarked classes</th>
            </tr>
          </thead>
          <tbody>
            {teachers.data.map((teacher) => {
              const name = `${teacher.firstName} ${teacher.lastName}`;
              return (
                <tr key={teacher.teacherId}>
                  <td>
                    <Link to={`/teachersForm/${teacher.teacherId}`} style={{ display: 'inline-flex', alignItems: 'center', gap: '0.5rem' }}>
                      <UserAvatar firstName={teacher.firstName} lastName={teacher.lastName} imageName={teacher.avatar} size={28} />
                      {name}
                    </Link>
                  </td>
                  <td className="dashboard__number">
                    <Link to={`/classes?teacherId=${teacher.teacherId}&statusId=${ClassStatus.RequiresMarking}`} aria-label={`${teacher.count} unmarked classes of ${name}`}>
                      {teacher.count}
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
