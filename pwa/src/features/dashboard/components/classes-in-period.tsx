import { IonLabel, IonSegment, IonSegmentButton, IonSpinner } from '@ionic/react';
import type { PeriodCode } from '@rollbook/shared-types/dashboard';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useClassesInPeriod } from '../api/get-classes-this-week';

const PERIODS: { code: PeriodCode; label: string; heading: string }[] = [
  { code: 'D', label: 'Today', heading: 'Classes today' },
  { code: 'W', label: 'This week', heading: 'Classes this week' },
  { code: 'M', label: 'This month', heading: 'Classes this month' },
];

/** Classes today, this week (Monday to Sunday) or this month, each linking to its course and teacher. */
export function ClassesInPeriod() {
  const [period, setPeriod] = useState<PeriodCode>('D');
  const classes = useClassesInPeriod(period);
  const current = PERIODS.find((p) => p.code === period) ?? PERIODS[0];
  return (
    <section className="dashboard__panel" aria-labelledby="classes-in-period-heading">
      <h2 id="classes-in-period-heading">
        {current?.heading}
        {classes.data ? ` (${classes.data.classes.length})` : ''}
      </h2>
      <IonSegment value={period} onIonChange={(event) => setPeriod((event.detail.value as PeriodCode | undefined) ?? 'D')}>
        {PERIODS.map((p) => (
          <IonSegmentButton key={p.code} value={p.code}>
            <IonLabel>{p.label}</IonLabel>
          </IonSegmentButton>
        ))}
      </IonSegment>
      {classes.isPending && <IonSpinner aria-label="Loading" />}
      {classes.isError && <p role="alert">{classes.error.message}</p>}
      {classes.data && <p className="dashboard__muted">{classes.data.datesSelected}</p>}
      {classes.data?.classes.length === 0 && <p className="dashboard__muted">No classes in this period</p>}
      {classes.data && classes.data.classes.length > 0 && (
        <div className="dashboard__scroll" tabIndex={0} role="region" aria-label={current?.heading}>
          <table className="dashboard-table">
            <thead>
              <tr>
                {period !== 'D' && <th scope="col">Date</th>}
                <th scope="col">Time</th>
                <th scope="col">Course</th>
                <th scope="col">Subject</th>
                <th scope="col">Teacher</th>
                <th scope="col" className="dashboard__number">Students</th>
              </tr>
            </thead>
            <tbody>
              {classes.data.classes.map((cls) => (
                <tr key={cls.classId}>
                  {period !== 'D' && <td>{cls.classDateString}</td>}
                  <td>
                    {cls.time}–{cls.endTime}
                  </td>
                  <td>
                    <Link to={`/CoursesForm/${cls.courseId}`}>{cls.title}</Link>
                  </td>
                  <td>
                    <span className="dashboard__subject-dot" style={{ background: cls.subjectColor }} aria-hidden="true" />
                    {cls.subject} {cls.level}
                  </td>
                  <td>
                    <Link to={`/teachersForm/${cls.teacherId}`}>{cls.teacher}</Link>
                  </td>
                  <td className="dashboard__number">{cls.studentCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
