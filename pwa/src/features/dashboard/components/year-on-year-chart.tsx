import { IonSpinner } from '@ionic/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Bar } from 'react-chartjs-2';
import { chartedMonths, seriesYears } from '../chart-months';
import { ChartDataTable } from './chart-data-table';
import { LAST_YEAR_COLOUR, THIS_YEAR_COLOUR } from './chart-setup';

interface MonthlyPoint {
  monthShortName: string;
}

/** A monthly series as bars, last year against this year, with a data table for screen readers. */
export function YearOnYearChart<T extends MonthlyPoint>(props: {
  title: string;
  headingId: string;
  series: UseQueryResult<T[], Error>;
  lastYearCount: (month: T) => number;
  thisYearCount: (month: T) => number;
}) {
  const { title, headingId, series, lastYearCount, thisYearCount } = props;
  const { lastYear, thisYear } = seriesYears();
  const months = chartedMonths(series.data ?? []);
  return (
    <section className="dashboard__panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {series.isPending && <IonSpinner aria-label="Loading" />}
      {series.isError && <p role="alert">{series.error.message}</p>}
      {series.data && (
        <>
          <div className="dashboard__chart">
            <Bar
              role="img"
              aria-label={`${title}, ${months[0]?.monthShortName ?? ''} to ${months.at(-1)?.monthShortName ?? ''}, ${thisYear} against ${lastYear}`}
              options={{ responsive: true, maintainAspectRatio: false, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } }}
              data={{
                labels: months.map((m) => m.monthShortName),
                datasets: [
                  { label: String(lastYear), data: months.map(lastYearCount), backgroundColor: LAST_YEAR_COLOUR },
                  { label: String(thisYear), data: months.map(thisYearCount), backgroundColor: THIS_YEAR_COLOUR },
                ],
              }}
            />
          </div>
          <ChartDataTable
            caption={title}
            columns={['Month', String(lastYear), String(thisYear)]}
            rows={months.map((m) => ({ label: m.monthShortName, values: [lastYearCount(m), thisYearCount(m)] }))}
          />
        </>
      )}
    </section>
  );
}
