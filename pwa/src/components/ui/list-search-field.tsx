import { IonInput } from '@ionic/react';
import { useDebouncedDraft } from '../../lib/use-debounced-draft';

interface ListSearchFieldProps {
  label: string;
  placeholder?: string;
  /** The search the list shows now (from its address). */
  value: string;
  /** Called once typing pauses, with the trimmed text. */
  onSearch: (q: string) => void;
}

/** A list's free-text search: what is typed shows at once, the list is asked again once typing pauses. */
export function ListSearchField({ label, placeholder, value, onSearch }: ListSearchFieldProps) {
  const [draft, setDraft] = useDebouncedDraft(value, onSearch);
  return (
    <IonInput
      label={label}
      labelPlacement="stacked"
      fill="outline"
      type="search"
      placeholder={placeholder}
      maxlength={200}
      value={draft}
      onIonInput={(event) => setDraft(event.detail.value ?? '')}
    />
  );
}
