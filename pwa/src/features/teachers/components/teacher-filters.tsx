import { IonInput, IonSelect, IonSelectOption } from '@ionic/react';
import { useEffect, useState } from 'react';
import type { TeacherFilters as Filters } from '../api/get-teachers';

const STATUSES = [
  { value: -1, label: 'All' },
  { value: 1, label: 'Active' },
  { value: 0, label: 'Inactive' },
];

/** Name (applied as the user pauses typing) and Status (Active by default). */
export function TeacherFilters({ filters, onChange }: { filters: Filters; onChange: (changes: Partial<Filters>) => void }) {
  const [name, setName] = useState(filters.searchText);

  useEffect(() => {
    if (name === filters.searchText) return;
    const timer = setTimeout(() => onChange({ searchText: name }), 300);
    return () => clearTimeout(timer);
  }, [name, filters.searchText, onChange]);

  return (
    <div className="people-filters">
      <IonInput label="Name" labelPlacement="stacked" fill="outline" clearInput value={name} onIonInput={(event) => setName(event.detail.value ?? '')} />
      <IonSelect
        label="Status"
        labelPlacement="stacked"
        fill="outline"
        interface="popover"
        value={filters.status}
        onIonChange={(event) => onChange({ status: Number(event.detail.value) })}
      >
        {STATUSES.map((status) => (
          <IonSelectOption key={status.value} value={status.value}>
            {status.label}
          </IonSelectOption>
        ))}
      </IonSelect>
    </div>
  );
}
