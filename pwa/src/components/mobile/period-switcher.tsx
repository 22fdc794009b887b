import { IonLabel, IonSegment, IonSegmentButton } from '@ionic/react';
import { chevronBackOutline, chevronForwardOutline } from 'ionicons/icons';
import { PERIOD_CODES, PERIOD_LABELS, type Period, type PeriodCode } from './period';
import { IconButton } from './icon-button';
import { Staged } from '../../lib/staged';

interface PeriodSwitcherProps {
  period: Period;
  onChange: (code: PeriodCode, offset: number) => void;
}

/** DAY / WEEK / MONTH, previous and next, and the heading of the selected dates. */
export function PeriodSwitcher({ period, onChange }: PeriodSwitcherProps) {
  return (
    <div className="period-switcher">
      <IonSegment
        value={period.code}
        aria-label="Period"
        onIonChange={(event) => {
          const code = event.detail.value as PeriodCode | undefined;
          if (code && code !== period.code) onChange(code, 0);
        }}
      >
        {PERIOD_CODES.map((code) => (
          <IonSegmentButton key={code} value={code}>
            <IonLabel>{PERIOD_LABELS[code]}</IonLabel>
          </IonSegmentButton>
        ))}
      </IonSegment>
      {/* In a task after the segment's (staged.tsx): Ionic's segment and buttons are a long first commit together. */}
      <Staged>
        <div className="period-switcher__nav">
          <IconButton label="Previous" onClick={() => onChange(period.code, period.offset - 1)} icon={chevronBackOutline} />
          <h2 className="period-switcher__heading">
            {period.headingPrefix} {period.datesSelected}
          </h2>
          <IconButton label="Next" onClick={() => onChange(period.code, period.offset + 1)} icon={chevronForwardOutline} />
        </div>
      </Staged>
    </div>
  );
}
