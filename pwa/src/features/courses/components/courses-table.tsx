import type { CourseListItem, CourseSortKey } from '@rollbook/shared-types/courses';
import type { SortDirection } from '@rollbook/shared-types/list-page';
import { EnrolmentStatus } from '@rollbook/shared-types/statuses';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { SortHeader } from '../../../components/ui/sort-header';
import { useStagedCount } from '../../../lib/use-staged-count';

export type CountKind = typeof EnrolmentStatus.Enrolled | typeof EnrolmentStatus.Enquired | typeof EnrolmentStatus.Waiting;

interface CoursesTableProps {
  courses: CourseListItem[];
  /** The time discrepancy column, for the 'Courses with time discrepancies' list. */
  showDiscrepancy: boolean;
  onOpenStudents: (course: CourseListItem, statusId: CountKind) => void;
  /** The order the rows are in; a click on a column header asks the server for another. */
  order: { sort: CourseSortKey; dir: SortDirection };
  onSort: (key: CourseSortKey) => void;
  /** True while the next page or order is on its way (the rows shown are the previous ones). */
  busy: boolean;
  /** Shown below the table once all its rows are (it would be pushed down by the later ones). */
  after?: ReactNode;
}

/**
 * Rows attached with the table when it first shows, more than a screen holds; the others follow a
 * task later (lib/use-staged-count.ts): 50 rows of 11 cells in one commit were a long task.
 */
const FIRST_ROWS = 12;

const COUNTS: { statusId: CountKind; label: string; sortKey: CourseSortKey; value: (c: CourseListItem) => number }[] = [
  { statusId: EnrolmentStatus.Enrolled, label: 'Enrolled', sortKey: 'enrolledCount', value: (c) => c.enrolledCount },
  { statusId: EnrolmentStatus.Enquired, label: 'Enquired', sortKey: 'enquiredCount', value: (c) => c.enquiredCount },
  { statusId: EnrolmentStatus.Waiting, label: 'Waiting', sortKey: 'waitingCount', value: (c) => c.waitingCount },
];

const COLUMNS: { label: string; sortKey: CourseSortKey }[] = [
  { label: 'Title', sortKey: 'title' },
  { label: 'Subject', sortKey: 'subject' },
  { label: 'Level', sortKey: 'level' },
  { label: 'Company', sortKey: 'company' },
  { label: 'Start date', sortKey: 'startDate' },
  { label: 'End date', sortKey: 'endDate' },
];

/** One row per course; the row opens the course, the counts open its students, a header sorts by its column. */
export function CoursesTable({ courses, showDiscrepancy, onOpenStudents, order, onSort, busy, after }: CoursesTableProps) {
  const navigate = useNavigate();
  const allRows = useStagedCount(1, 0, 1) === 1;
  if (courses.length === 0) return <><p className="sched-empty">No courses found</p>{after}</>;
  const open = (courseId: number) => navigate(`/CoursesForm/${courseId}`);
  const header = (label: string, sortKey: CourseSortKey, className?: string) => (
    <SortHeader key={sortKey} label={label} sortKey={sortKey} order={order} onSort={onSort} className={className} />
  );
  return (
    <>
      <div className="sched-table-wrap">
        <table className="sched-table courses-table" aria-busy={busy}>
          <thead>
            <tr>
              {COLUMNS.map((column) => header(column.label, column.sortKey))}
              {header('Classes remaining', 'classesRemaining', 'sched-num')}
              {showDiscrepancy && header('Time discrepancy', 'timeDiscrepancy', 'sched-num')}
              {COUNTS.map((count) => header(count.label, count.sortKey, 'sched-num'))}
              {header('Status', 'status')}
            </tr>
          </thead>
          <tbody>
            {(allRows ? courses : courses.slice(0, FIRST_ROWS)).map((course) => (
              <tr key={course.courseId} className="sched-row--link" data-course-id={course.courseId} onClick={() => open(course.courseId)}>
                <td>
                  <a href={`/CoursesForm/${course.courseId}`} onClick={(event) => { event.preventDefault(); event.stopPropagation(); open(course.courseId); }}>
                    {course.title}
                  </a>
                </td>
                <td>
                  <span className="sched-subject-dot" style={{ background: course.subjectColor }} aria-hidden="true" />
                  {course.subject}
                </td>
                <td>{course.courseLevel}</td>
                <td>{course.company ?? 'Private'}</td>
                <td>{course.startDateString}</td>
                <td>{course.endDateString}</td>
                <td className="sched-num">{course.classesRemaining} / {course.duration}</td>
                {showDiscrepancy && <td className="sched-num">{course.timeDiscrepancy} mins</td>}
                {COUNTS.map((count) => (
                  <td key={count.statusId} className="sched-num">
                    <button
                      type="button"
                      className="sched-link-button"
                      aria-label={`${count.label}: ${count.value(course)} students on ${course.title}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpenStudents(course, count.statusId);
                      }}
                    >
                      {count.value(course)}
                    </button>
                  </td>
                ))}
                <td>{course.courseStatus}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {allRows && after}
    </>
  );
}
