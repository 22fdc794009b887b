import type { ClassItem } from '@rollbook/shared-types/classes';
import { Link } from 'react-router-dom';
import { ClassStatusBadge, classStatusName } from '../../scheduling-lookups/components/class-status-badge';

/** Day, Date, Time, Course name, Subject, Level, Students, Teacher, Status (spec §2.6). */
export function ClassesTable({ classes, onOpenClass }: { classes: ClassItem[]; onOpenClass: (classItem: ClassItem) => void }) {
  if (classes.length === 0) return <p className="sched-empty">No classes found</p>;
  return (
    <div className="sched-table-wrap">
      <table className="sched-table classes-table">
        <thead>
          <tr>
            {['Day', 'Date', 'Time', 'Course name', 'Subject', 'Level'].map((column) => (
              <th key={column} scope="col">{column}</th>
            ))}
            <th scope="col" className="sched-num">Students</th>
            <th scope="col">Teacher</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {classes.map((c) => (
            <tr key={c.classId} data-class-id={c.classId}>
              <td>{c.weekday}</td>
              <td>{c.classDateString}</td>
              <td>{c.classDatesCombined}</td>
              <td>
                <Link to={`/CoursesForm/${c.courseId}`}>{c.course}</Link>
              </td>
              <td>
                <span className="sched-subject-dot" style={{ background: c.subjectColor }} aria-hidden="true" />
                {c.subject}
              </td>
              <td>{c.level}</td>
              <td className="sched-num">{c.studentCount}</td>
              <td>
                <Link to={`/teachersForm/${c.teacherId}`}>{c.teacher}</Link>
              </td>
              <td>
                <ClassStatusBadge
                  statusId={c.seriesStatusId}
                  label={`${classStatusName(c.seriesStatusId)}: open the class of ${c.classDateString}`}
                  onClick={() => onOpenClass(c)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
