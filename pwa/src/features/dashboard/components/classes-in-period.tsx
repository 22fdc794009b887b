import { IonLabel, IonSegment, IonSegmentButton, IonSpinner } from '@ionic/react';
import { DASHBOARD_CLASSES_PAGE_SIZE, type PeriodCode } from '@rollbook/shared-types/dashboard';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ListPager } from '../../../components/ui/list-pager';
import { useClassesInPeriod } from '../api/get-classes-this-week';

const PERIODS: { code: PeriodCode; label: string; heading: string }[] = [
  { code: 'D', label: 'Today', heading: 'Classes today' },
  { code: 'W', label: 'This week', heading: 'Classes this week' },
  { code: 'M', label: 'This month', heading: 'Classes this month' },
];

/**
 * Classes today, this week (Monday to Sunday) or this month, each linking to its course and
 * teacher, a page at a time (a chain's month is thousands of classes). The server finds each page
 * from the cursor of the one before, so the panel keeps the cursors of the pages it has passed:
 * PREVIOUS goes back one, another period starts again at its first page.
 */
export function ClassesInPeriod() {
  const [shown, setShown] = useState<{ period: PeriodCode; cursors: string[] }>({ period: 'D', cursors: [] });
  const { period, cursors } = shown;
  const classes = useClassesInPeriod(period, cursors.at(-1) ?? null);
  const current = PERIODS.find((p) => p.code === period) ?? PERIODS[0];
  const page = cursors.length + 1;
  // Another page starts at its top, not where the last one was scrolled to. (A block, not an
  // arrow's value: Chromium's scrollTo answers a promise, which React would call as the cleanup.)
  const scrollBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scrollBox.current) scrollBox.current.scrollTop = 0;
  }, [period, page]);
  const toPage = (wanted: number) => {
    const next = classes.data?.next;
    if (wanted === page + 1 && next && !classes.isPlaceholderData) setShown({ period, cursors: [...cursors, next] });
    else if (wanted === page - 1) setShown({ period, cursors: cursors.slice(0, -1) });
  };
  return (
    <section className="dashboard__panel" aria-labelledby="classes-in-period-heading">
      <h2 id="classes-in-period-heading">
        {current?.heading}
        {classes.data ? ` (${classes.data.total})` : ''}
      </h2>
      <IonSegment value={period} onIonChange={(event) => setShown({ period: (event.detail.value as PeriodCode | undefined) ?? 'D', cursors: [] })}>
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
        <div ref={scrollBox} className="dashboard__scroll" tabIndex={0} role="region" aria-label={current?.heading} aria-busy={classes.isPlaceholderData}>
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
      {classes.data && <ListPager page={page} pageSize={DASHBOARD_CLASSES_PAGE_SIZE} total={classes.data.total} onPage={toPage} />}
    </section>
  );
}
