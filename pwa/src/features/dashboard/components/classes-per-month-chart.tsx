import { useClassMonthlyCount } from '../api/get-class-monthly-count';
import { YearOnYearChart } from './year-on-year-chart';

/** Classes per month this year against last year. */
export function ClassesPerMonthChart() {
  return (
    <YearOnYearChart
      title="Classes per month"
      headingId="classes-per-month-heading"
      series={useClassMonthlyCount()}
      lastYearCount={(m) => m.classCount1}
      thisYearCount={(m) => m.classCount2}
    />
  );
}
