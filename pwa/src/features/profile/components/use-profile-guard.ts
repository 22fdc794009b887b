import { useCallback, useState } from 'react';
import { useUnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';

type Form = 'information' | 'password';

/** One unsaved-changes guard for the page's forms; leaving without saving resets them. */
export function useProfileGuard() {
  const [dirty, setDirty] = useState<Record<Form, boolean>>({ information: false, password: false });
  const [generation, setGeneration] = useState(0);
  const guard = useUnsavedChangesGuard({
    when: dirty.information || dirty.password,
    onDiscard: () => {
      setDirty({ information: false, password: false });
      setGeneration((n) => n + 1);
    },
  });
  const dirtyChange = useCallback((form: Form) => (value: boolean) => setDirty((current) => (current[form] === value ? current : { ...current, [form]: value })), []);
  return { dialog: guard.dialog, dirtyChange, generation };
}
