import type { StudentCourseAttendance } from '@rollbook/shared-types/reports';

/** Per-student totals over every class of the course. */
export function AttendanceTotalsTable({ students }: { students: StudentCourseAttendance['students'] }) {
  return (
    <table>
      <caption className="print-report__caption">Totals</caption>
      <thead>
        <tr>
          <th scope="col">Student</th>
          <th scope="col" className="print-report__number">Attended</th>
          <th scope="col" className="print-report__number">Absent</th>
          <th scope="col" className="print-report__number">Pending</th>
          <th scope="col" className="print-report__number">Not enrolled</th>
        </tr>
      </thead>
      <tbody>
        {students.map((student) => (
          <tr key={student.studentId}>
            <th scope="row">
              {student.firstName} {student.lastName}
            </th>
            <td className="print-report__number">{student.attended}</td>
            <td className="print-report__number">{student.absent}</td>
            <td className="print-report__number">{student.pending}</td>
            <td className="print-report__number">{student.notEnrolled}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
