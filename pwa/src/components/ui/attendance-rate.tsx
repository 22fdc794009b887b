import { attendanceRateText, isBelowThreshold } from '@rollbook/shared-types/attendance-warnings';
import './attendance-rate.css';

interface AttendanceRateProps {
  /** The kept counts; undefined: nothing marked for the student yet. */
  rate: { attended: number; held: number } | undefined;
  /** The school's threshold, when known: a rate below it is flagged. */
  threshold: number | undefined;
}

/** '75%', '62% below 80%' under the school's threshold, or '—' while nothing is marked. */
export function AttendanceRate({ rate, threshold }: AttendanceRateProps) {
  const attended = rate?.attended ?? 0;
  const held = rate?.held ?? 0;
  const text = attendanceRateText(attended, held);
  if (threshold === undefined || !isBelowThreshold(attended, held, threshold)) {
    return <span className="attendance-rate" title={held > 0 ? `Attended ${attended} of ${held} classes` : 'No classes marked yet'}>{text}</span>;
  }
  return (
    <span className="attendance-rate attendance-rate--below" title={`Attended ${attended} of ${held} classes`}>
      {text} <span className="attendance-rate__flag">{`below ${threshold}%`}</span>
    </span>
  );
}
