import { IonButton, IonInput, IonSelect, IonSelectOption } from '@ionic/react';
import { useDebouncedDraft } from '../../../lib/use-debounced-draft';
import type { TeacherFilters as Filters } from '../api/get-teachers';

const STATUSES = [
  { value: -1, label: 'All' },
  { value: 1, label: 'Active' },
  { value: 0, label: 'Inactive' },
];

interface TeacherFiltersProps {
  filters: Filters;
  /** `typing`: from the name box, committed once typing pauses. */
  onChange: (changes: Partial<Filters>, how?: { typing: boolean }) => void;
  onReset: () => void;
}

/** Name (applied as the user pauses typing) and Status (Active by default); RESET returns to both defaults. */
export function TeacherFilters({ filters, onChange, onReset }: TeacherFiltersProps) {
  const [name, setName] = useDebouncedDraft(filters.searchText, (value) => onChange({ searchText: value }, { typing: true }));
  const reset = () => {
    // A name still waiting for its pause must not come back after the reset.
    setName('');
    onReset();
  };

  return (
    <div className="people-filters" role="search" aria-label="Filter teachers">
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
      <IonButton fill="outline" onClick={reset}>RESET</IonButton>
    </div>
  );
}
