import { attendanceRateText, type AttendanceRate } from '@rollbook/shared-types/attendance-warnings';
import type { StudentCourseAttendance } from '@rollbook/shared-types/reports';

interface AttendanceTotalsTableProps {
  students: StudentCourseAttendance['students'];
  /** Each student's attendance rate on the course (attended ÷ held classes marked). */
  rates: AttendanceRate[];
}

/** Per-student totals over every class of the course, and each student's attendance rate. */
export function AttendanceTotalsTable({ students, rates }: AttendanceTotalsTableProps) {
  const rateText = (studentId: number) => {
    const rate = rates.find((r) => r.studentId === studentId);
    return attendanceRateText(rate?.attended ?? 0, rate?.held ?? 0);
  };
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
          <th scope="col" className="print-report__number">Attendance rate</th>
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
            <td className="print-report__number">{rateText(student.studentId)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
