import type { StudentCourseAttendance } from '@rollbook/shared-types/reports';
import { attendanceLabel, blockStatuses, CLASS_COLUMNS_PER_ROW, type ClassBlock } from '../attendance-grid';

const CELL_CLASS: Record<number, string> = { 2: 'print-report__cell--attended', 5: 'print-report__cell--absent' };

/** One block of up to five classes: a column per class, a row per student. */
export function AttendanceGridTable({ block, students }: { block: ClassBlock; students: StudentCourseAttendance['students'] }) {
  const first = block.offset + 1;
  const last = block.offset + block.classes.length;
  // A shorter last block keeps the same column widths as the others.
  const padding = Array.from({ length: Math.max(0, CLASS_COLUMNS_PER_ROW - block.classes.length) }, (_, i) => i);
  return (
    <table className="print-report__grid">
      <caption className="print-report__caption">{first === last ? `Class ${first}` : `Classes ${first} to ${last}`}</caption>
      <thead>
        <tr>
          <th scope="col">Student</th>
          {block.classes.map((cls) => (
            <th key={cls.classId} scope="col">
              {cls.classDateString}
              <br />
              {cls.time}
            </th>
          ))}
          {padding.map((i) => (
            <td key={`pad${i}`} aria-hidden="true" />
          ))}
        </tr>
      </thead>
      <tbody>
        {students.map((student) => (
          <tr key={student.studentId}>
            <th scope="row">
              {student.firstName} {student.lastName}
            </th>
            {blockStatuses(student.statuses, block).map((status, index) => (
              <td key={block.classes[index]?.classId ?? index} className={CELL_CLASS[status]}>
                {attendanceLabel(status)}
              </td>
            ))}
            {padding.map((i) => (
              <td key={`pad${i}`} aria-hidden="true" />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
