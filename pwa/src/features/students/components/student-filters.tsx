import { IonButton, IonInput, IonSelect, IonSelectOption } from '@ionic/react';
import { useDebouncedDraft } from '../../../lib/use-debounced-draft';
import { useCompanies } from '../api/get-companies';
import type { StudentFilters as Filters } from '../api/get-students';

const STATUSES = [
  { value: -1, label: 'All' },
  { value: 1, label: 'Active' },
  { value: 0, label: 'Inactive' },
];

interface StudentFiltersProps {
  filters: Filters;
  /** `typing`: from the name box, committed once typing pauses. */
  onChange: (changes: Partial<Filters>, how?: { typing: boolean }) => void;
  onReset: () => void;
}

/** Student name (applied as the user pauses typing), Company and Status; RESET shows every student. */
export function StudentFilters({ filters, onChange, onReset }: StudentFiltersProps) {
  const companies = useCompanies();
  const [name, setName] = useDebouncedDraft(filters.name, (value) => onChange({ name: value }, { typing: true }));
  const reset = () => {
    // A name still waiting for its pause must not come back after the reset.
    setName('');
    onReset();
  };

  return (
    <div className="people-filters" role="search" aria-label="Filter students">
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
      <IonButton fill="outline" onClick={reset}>RESET</IonButton>
    </div>
  );
}
