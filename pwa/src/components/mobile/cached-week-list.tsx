import { IonItem, IonLabel, IonList } from '@ionic/react';
import { showDate } from '@rollbook/shared-types/display-dates';
import { chevronBackOutline, chevronForwardOutline } from 'ionicons/icons';
import { useState } from 'react';
import type { ClassView } from '../../offline/class-views';
import { useClassesInRange } from '../../offline/hooks/use-classes';
import { periodOf } from './period';
import { CachedContent } from './cached-content';
import { PendingMark } from './pending-mark';
import { IconButton } from './icon-button';

/** The calendar with no signal: the phone's classes of a week, day by day. */
export function CachedWeekList() {
  const [offset, setOffset] = useState(0);
  const week = periodOf('W', offset);
  const classes = useClassesInRange(week.fromIso, week.toIso);
  return (
    <section className="week-list" aria-labelledby="week-list-heading">
      <div className="period-switcher__nav">
        <IconButton label="Previous week" onClick={() => setOffset(offset - 1)} icon={chevronBackOutline} />
        <h2 id="week-list-heading" className="period-switcher__heading">
          {week.headingPrefix} {week.datesSelected}
        </h2>
        <IconButton label="Next week" onClick={() => setOffset(offset + 1)} icon={chevronForwardOutline} />
      </div>
      <CachedContent items={classes} emptyText="No classes in this period">
        {(items) => (
          <IonList aria-label="Classes of the week">
            {items.map((cls) => (
              <WeekListRow key={cls.classId} cls={cls} />
            ))}
          </IonList>
        )}
      </CachedContent>
    </section>
  );
}

function WeekListRow({ cls }: { cls: ClassView }) {
  return (
    <IonItem lines="full">
      <div slot="start" className="week-list__swatch" style={{ background: cls.subjectColor }} aria-hidden="true" />
      <IonLabel className="ion-text-wrap">
        <h3>
          {cls.weekday} {showDate(cls.startsAt)} · {cls.classDatesCombined}
        </h3>
        <p>{cls.course}</p>
        {cls.pending && <PendingMark />}
      </IonLabel>
    </IonItem>
  );
}
