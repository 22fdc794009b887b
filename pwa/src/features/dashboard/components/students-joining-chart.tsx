import { IonSpinner } from '@ionic/react';
import { Bar } from 'react-chartjs-2';
import { useStudentMonthlyCount } from '../api/get-student-monthly-count';
import { chartedMonths, seriesYears } from '../chart-months';
import { ChartDataTable } from './chart-data-table';
import { LAST_YEAR_COLOUR, THIS_YEAR_COLOUR } from './chart-setup';

/** Students joining per month, last year against this year. */
export function StudentsJoiningChart() {
  const series = useStudentMonthlyCount();
  const { lastYear, thisYear } = seriesYears();
  const months = chartedMonths(series.data ?? []);
  const title = 'Students joining per month';
  return (
    <section className="dashboard__panel" aria-labelledby="students-joining-heading">
      <h2 id="students-joining-heading">{title}</h2>
      {series.isPending && <IonSpinner aria-label="Loading" />}
      {series.isError && <p role="alert">{series.error.message}</p>}
      {series.data && (
        <>
          <div className="dashboard__chart">
            <Bar
              role="img"
              aria-label={`${title}, ${months[0]?.monthShortName ?? ''} to ${months.at(-1)?.monthShortName ?? ''}, ${lastYear} and ${thisYear}`}
              options={{ responsive: true, maintainAspectRatio: false, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } }}
              data={{
                labels: months.map((m) => m.monthShortName),
                datasets: [
                  { label: String(lastYear), data: months.map((m) => m.studentCount1), backgroundColor: LAST_YEAR_COLOUR },
                  { label: String(thisYear), data: months.map((m) => m.studentCount2), backgroundColor: THIS_YEAR_COLOUR },
                ],
              }}
            />
          </div>
          <ChartDataTable
            caption={title}
            columns={['Month', String(lastYear), String(thisYear)]}
            rows={months.map((m) => ({ label: m.monthShortName, values: [m.studentCount1, m.studentCount2] }))}
          />
        </>
      )}
    </section>
  );
}
