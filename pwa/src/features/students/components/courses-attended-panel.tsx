import { IonSpinner } from '@ionic/react';
import { Link } from 'react-router-dom';
import { AttendanceRate } from '../../../components/ui/attendance-rate';
import { useAttendanceRates, useAttendanceThreshold } from '../../../lookups/get-attendance-rates';
import { useStudentCourses } from '../api/get-student-courses';

/**
 * Courses attended: course, subject, level, start date, status and the student's attendance rate
 * on each of their courses (flagged below the school's threshold).
 */
export function CoursesAttendedPanel({ studentId }: { studentId: number }) {
  const courses = useStudentCourses(studentId);
  const rates = useAttendanceRates({ studentId });
  const threshold = useAttendanceThreshold();
  const rateOf = (courseId: number) => rates.data?.find((r) => r.courseId === courseId);
  return (
    <section className="person-panel" aria-labelledby="courses-attended-heading">
      <h3 id="courses-attended-heading">Courses attended</h3>
      {courses.isPending && <IonSpinner aria-label="Loading courses" />}
      {courses.isError && <p role="alert">{courses.error.message}</p>}
      {courses.data && courses.data.length === 0 && <p className="people-empty">No courses currently</p>}
      {courses.data && courses.data.length > 0 && (
        <table className="people-table people-table--static">
          <thead>
            <tr>
              <th scope="col">Course</th>
              <th scope="col">Subject</th>
              <th scope="col">Level</th>
              <th scope="col">Start date</th>
              <th scope="col">Status</th>
              <th scope="col">Attendance</th>
            </tr>
          </thead>
          <tbody>
            {courses.data.map((course) => (
              <tr key={course.courseId}>
                <td>
                  <Link to={`/CoursesForm/${course.courseId}`}>{course.title}</Link>
                </td>
                <td>{course.subject}</td>
                <td>{course.courseLevel}</td>
                <td>{course.startDateString}</td>
                <td>{course.courseStatus}</td>
                <td data-testid="attendance-rate">
                  <AttendanceRate rate={rateOf(course.courseId)} threshold={threshold.data} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
