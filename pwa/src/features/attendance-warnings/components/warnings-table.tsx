import { attendanceRateText, type AttendanceWarning, type AttendanceWarningSortKey } from '@rollbook/shared-types/attendance-warnings';
import type { SortDirection } from '@rollbook/shared-types/list-page';
import { Link, useNavigate } from 'react-router-dom';
import { SortHeader } from '../../../components/ui/sort-header';

interface WarningsTableProps {
  warnings: AttendanceWarning[];
  order: { sort: AttendanceWarningSortKey; dir: SortDirection };
  onSort: (key: AttendanceWarningSortKey) => void;
  /** True while the next page or order is on its way (the rows shown are the previous ones). */
  busy: boolean;
}

const COLUMNS: { label: string; sortKey: AttendanceWarningSortKey; className?: string }[] = [
  { label: 'Student', sortKey: 'student' },
  { label: 'Course', sortKey: 'course' },
  { label: 'Rate', sortKey: 'rate', className: 'sched-num' },
  { label: 'Attended', sortKey: 'attended', className: 'sched-num' },
  { label: 'Held', sortKey: 'held', className: 'sched-num' },
];

/** One row per student and course below the threshold; the row opens the student's record, the course's title its form. */
export function WarningsTable({ warnings, order, onSort, busy }: WarningsTableProps) {
  const navigate = useNavigate();
  return (
    <div className="sched-table-wrap">
      <table className="sched-table warnings-table" aria-busy={busy} aria-label="Students below the threshold">
        <thead>
          <tr>
            {COLUMNS.map((c) => <SortHeader key={c.sortKey} label={c.label} sortKey={c.sortKey} order={order} onSort={onSort} className={c.className} />)}
          </tr>
        </thead>
        <tbody>
          {warnings.map((w) => (
            <tr
              key={`${w.studentId}-${w.courseId}`}
              className="sched-row--link"
              data-student-id={w.studentId}
              data-course-id={w.courseId}
              onClick={() => navigate(`/studentsForm/${w.studentId}`)}
            >
              <td><Link to={`/studentsForm/${w.studentId}`} onClick={(event) => event.stopPropagation()}>{`${w.firstName} ${w.lastName}`}</Link></td>
              <td><Link to={`/CoursesForm/${w.courseId}`} onClick={(event) => event.stopPropagation()}>{w.courseTitle}</Link></td>
              <td className="sched-num">{attendanceRateText(w.attended, w.held)}</td>
              <td className="sched-num">{w.attended}</td>
              <td className="sched-num">{w.held}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
