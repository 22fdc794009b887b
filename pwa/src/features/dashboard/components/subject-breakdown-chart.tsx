import { IonSpinner } from '@ionic/react';
import { Doughnut } from 'react-chartjs-2';
import { useSubjectPercentages } from '../api/get-subject-percentages';
import { ChartDataTable } from './chart-data-table';

/** Classes per subject from 1 January, in each subject's colour. */
export function SubjectBreakdownChart() {
  const breakdown = useSubjectPercentages();
  const title = 'Subject breakdown year to date';
  const subjects = breakdown.data?.subjects ?? [];
  return (
    <section className="dashboard__panel" aria-labelledby="subject-breakdown-heading">
      <h2 id="subject-breakdown-heading">{title}</h2>
      {breakdown.isPending && <IonSpinner aria-label="Loading" />}
      {breakdown.isError && <p role="alert">{breakdown.error.message}</p>}
      {breakdown.data && subjects.length === 0 && <p className="dashboard__muted">No classes this year</p>}
      {breakdown.data && subjects.length > 0 && (
        <>
          <div className="dashboard__chart">
            <Doughnut
              role="img"
              aria-label={`${title}: ${subjects.map((s) => `${s.name} ${s.percentage}%`).join(', ')}`}
              options={{ responsive: true, maintainAspectRatio: false, plugins: { legend: { position: 'right' } } }}
              data={{
                labels: subjects.map((s) => s.name),
                datasets: [{ data: subjects.map((s) => s.subjectCountYtd), backgroundColor: subjects.map((s) => s.color) }],
              }}
            />
          </div>
          <ChartDataTable
            caption={`${title} (${breakdown.data.classCountYtd} classes in ${breakdown.data.year})`}
            columns={['Subject', 'Classes', 'Percentage']}
            rows={subjects.map((s) => ({ label: s.name, values: [s.subjectCountYtd, `${s.percentage}%`] }))}
          />
        </>
      )}
    </section>
  );
}
