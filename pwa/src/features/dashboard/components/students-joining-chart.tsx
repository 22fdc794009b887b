import { useStudentMonthlyCount } from '../api/get-student-monthly-count';
import { YearOnYearChart } from './year-on-year-chart';

/** Students joining per month, this year against last year. */
export function StudentsJoiningChart() {
  return (
    <YearOnYearChart
      title="Students joining per month"
      headingId="students-joining-heading"
      series={useStudentMonthlyCount()}
      lastYearCount={(m) => m.studentCount1}
      thisYearCount={(m) => m.studentCount2}
    />
  );
}
