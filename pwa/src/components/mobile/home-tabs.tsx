import { IonLabel, IonSegment, IonSegmentButton } from '@ionic/react';
import { useState, type ReactNode } from 'react';

export interface HomeTab {
  value: string;
  label: string;
  content: ReactNode;
}

/** The tabs of a phone home page (Courses, Calendar, Documents, Tests). */
export function HomeTabs({ tabs }: { tabs: HomeTab[] }) {
  const [selected, setSelected] = useState(tabs[0]?.value ?? '');
  const current = tabs.find((tab) => tab.value === selected);
  return (
    <>
      <IonSegment value={selected} aria-label="Home tabs" className="home-tabs" onIonChange={(event) => setSelected(String(event.detail.value))}>
        {tabs.map((tab) => (
          <IonSegmentButton key={tab.value} value={tab.value}>
            <IonLabel>{tab.label}</IonLabel>
          </IonSegmentButton>
        ))}
      </IonSegment>
      <div role="region" aria-label={current?.label}>
        {current?.content}
      </div>
    </>
  );
}
