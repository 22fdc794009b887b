import { formatPounds } from '@rollbook/shared-types/money';
import type { TeacherDashboard } from '@rollbook/shared-types/dashboard';
import { Link } from 'react-router-dom';

/** Earnings this month, classes to mark and classes this week; the class counts open the teacher's classes. */
export function TeacherFigures({ data }: { data: TeacherDashboard }) {
  return (
    <ul className="teacher-dashboard__figures" aria-label="This month and week">
      <li>
        <div className="teacher-dashboard__figure" data-testid="earnings-this-month">
          <span>Earnings this month</span>
          <span className="teacher-dashboard__value">{data.earningsThisMonth}</span>
          {data.awaitingSettlementPence > 0 && (
            <span className="teacher-dashboard__note">{formatPounds(data.awaitingSettlementPence)} awaiting settlement</span>
          )}
        </div>
      </li>
      <li>
        <Link className="teacher-dashboard__figure" to="/teachers/classesmobile" data-testid="classes-to-mark">
          <span>Classes to mark</span>
          <span className="teacher-dashboard__value">{data.classesToMark}</span>
        </Link>
      </li>
      <li>
        <Link className="teacher-dashboard__figure" to="/teachers/classesmobile" data-testid="classes-this-week">
          <span>Classes this week</span>
          <span className="teacher-dashboard__value">{data.classesThisWeek}</span>
        </Link>
      </li>
    </ul>
  );
}
