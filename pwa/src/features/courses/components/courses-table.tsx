import type { CourseListItem } from '@rollbook/shared-types/courses';
import { useNavigate } from 'react-router-dom';

export type CountKind = 1 | 2 | 3;

interface CoursesTableProps {
  courses: CourseListItem[];
  /** The time discrepancy column, for the 'Courses with time discrepancies' list. */
  showDiscrepancy: boolean;
  onOpenStudents: (course: CourseListItem, statusId: CountKind) => void;
}

const COUNTS: { statusId: CountKind; label: string; value: (c: CourseListItem) => number }[] = [
  { statusId: 1, label: 'Enrolled', value: (c) => c.enrolledCount },
  { statusId: 2, label: 'Enquired', value: (c) => c.enquiredCount },
  { statusId: 3, label: 'Waiting', value: (c) => c.waitingCount },
];

/** One row per course; the row opens the course, the counts open its students. */
export function CoursesTable({ courses, showDiscrepancy, onOpenStudents }: CoursesTableProps) {
  const navigate = useNavigate();
  if (courses.length === 0) return <p className="sched-empty">No courses found</p>;
  const open = (courseId: number) => navigate(`/CoursesForm/${courseId}`);
  return (
    <div className="sched-table-wrap">
      <table className="sched-table courses-table">
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Subject</th>
            <th scope="col">Level</th>
            <th scope="col">Company</th>
            <th scope="col">Start date</th>
            <th scope="col">End date</th>
            <th scope="col" className="sched-num">Classes remaining</th>
            {showDiscrepancy && <th scope="col" className="sched-num">Time discrepancy</th>}
            {COUNTS.map((count) => (
              <th key={count.statusId} scope="col" className="sched-num">{count.label}</th>
            ))}
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {courses.map((course) => (
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
  );
}
