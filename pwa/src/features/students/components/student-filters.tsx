import { IonInput, IonSelect, IonSelectOption } from '@ionic/react';
import { useEffect, useState } from 'react';
import { useCompanies } from '../api/get-companies';
import type { StudentFilters as Filters } from '../api/get-students';

const STATUSES = [
  { value: -1, label: 'All' },
  { value: 1, label: 'Active' },
  { value: 0, label: 'Inactive' },
];

/** Student name (applied as the user pauses typing), Company and Status. */
export function StudentFilters({ filters, onChange }: { filters: Filters; onChange: (changes: Partial<Filters>) => void }) {
  const companies = useCompanies();
  const [name, setName] = useState(filters.name);

  useEffect(() => {
    if (name === filters.name) return;
    const timer = setTimeout(() => onChange({ name }), 300);
    return () => clearTimeout(timer);
  }, [name, filters.name, onChange]);

  return (
    <div className="people-filters">
      <IonInput
        label="Student name"
        labelPlacement="stacked"
        fill="outline"
        clearInput
        value={name}
        onIonInput={(event) => setName(event.detail.value ?? '')}
      />
      <IonSelect
        label="Company"
        labelPlacement="stacked"
        fill="outline"
        interface="popover"
        value={filters.companyId}
        onIonChange={(event) => onChange({ companyId: Number(event.detail.value) })}
      >
        <IonSelectOption value={-1}>All</IonSelectOption>
        {(companies.data ?? []).map((company) => (
          <IonSelectOption key={company.companyId} value={company.companyId}>
            {company.name}
          </IonSelectOption>
        ))}
      </IonSelect>
      <IonSelect
        label="Status"
        labelPlacement="stacked"
        fill="outline"
        interface="popover"
        value={filters.statusId}
        onIonChange={(event) => onChange({ statusId: Number(event.detail.value) })}
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
