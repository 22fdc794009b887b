import type { RegisterLine } from '@rollbook/shared-types/attendance';
import { ATTENDANCE_STATUS_NAMES, AttendanceStatus } from '@rollbook/shared-types/statuses';
import { ToggleButton } from '../../../components/ui/toggle-button';
import { isMarkable, shownStatus, type Mark } from './attendance-marks';

interface RegisterTableProps {
  lines: RegisterLine[];
  marks: Record<number, number>;
  readOnly: boolean;
  onToggle: (line: RegisterLine, clicked: Mark) => void;
}

const CHOICES: { mark: Mark; text: string; color: string }[] = [
  { mark: AttendanceStatus.Attended, text: 'ATTENDED', color: 'success' },
  { mark: AttendanceStatus.Absent, text: 'ABSENT', color: 'danger' },
];

/** One row per student with the ATTENDED / ABSENT toggle (the selected one is filled). */
export function RegisterTable({ lines, marks, readOnly, onToggle }: RegisterTableProps) {
  if (lines.length === 0) return <p className="sched-empty">No students have been added</p>;
  return (
    <div className="sched-table-wrap">
      <table className="sched-table">
        <thead>
          <tr>
            <th scope="col">Student</th>
            <th scope="col">Company</th>
            <th scope="col">Status</th>
            <th scope="col" className="sched-actions">Attendance</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const status = shownStatus(line, marks);
            const name = `${line.firstName} ${line.lastName}`;
            return (
              <tr key={line.studentId} data-student-id={line.studentId}>
                <th scope="row">{name}</th>
                <td>{line.company ?? 'Private'}</td>
                <td>{ATTENDANCE_STATUS_NAMES[status] ?? ''}</td>
                <td className="sched-actions">
                  {isMarkable(line) && (
                    <div className="sched-toggle-group" role="group" aria-label={`Attendance of ${name}`}>
                      {CHOICES.map(({ mark, text, color }) => (
                        <ToggleButton key={mark} pressed={status === mark} size="small" color={color} disabled={readOnly} onClick={() => onToggle(line, mark)}>
                          {text}
                        </ToggleButton>
                      ))}
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
