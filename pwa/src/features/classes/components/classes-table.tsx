import type { ClassItem, ClassSortKey } from '@rollbook/shared-types/classes';
import type { SortDirection } from '@rollbook/shared-types/list-page';
import { Link } from 'react-router-dom';
import { ClassStatusBadge, classStatusName } from '../../../components/scheduling/class-status-badge';
import { SortHeader } from '../../../components/ui/sort-header';

interface ClassesTableProps {
  classes: ClassItem[];
  onOpenClass: (classItem: ClassItem) => void;
  /** The order the rows are in; a click on a column header asks the server for another. */
  order: { sort: ClassSortKey; dir: SortDirection };
  onSort: (key: ClassSortKey) => void;
  /** True while the next page or order is on its way (the rows shown are the previous ones). */
  busy: boolean;
}

const COLUMNS: { label: string; sortKey: ClassSortKey; className?: string }[] = [
  { label: 'Day', sortKey: 'day' },
  { label: 'Date', sortKey: 'date' },
  { label: 'Time', sortKey: 'time' },
  { label: 'Course name', sortKey: 'course' },
  { label: 'Subject', sortKey: 'subject' },
  { label: 'Level', sortKey: 'level' },
  { label: 'Students', sortKey: 'students', className: 'sched-num' },
  { label: 'Teacher', sortKey: 'teacher' },
  { label: 'Status', sortKey: 'status' },
];

/** Day, Date, Time, Course name, Subject, Level, Students, Teacher, Status (spec §2.6); a header sorts by its column. */
export function ClassesTable({ classes, onOpenClass, order, onSort, busy }: ClassesTableProps) {
  if (classes.length === 0) return <p className="sched-empty">No classes found</p>;
  return (
    <div className="sched-table-wrap">
      <table className="sched-table classes-table" aria-busy={busy}>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <SortHeader key={column.sortKey} label={column.label} sortKey={column.sortKey} order={order} onSort={onSort} className={column.className} />
            ))}
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
