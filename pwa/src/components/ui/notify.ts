import { useIonToast } from '@ionic/react';
import { useCallback, useMemo } from 'react';

/** The spec's notifications: success toasts titled 'Well done!' and errors, each for 3 seconds. */
export const NOTIFY_DURATION_MS = 3000;

export function useNotify() {
  const [present, dismiss] = useIonToast();
  // Ionic ignores a new toast while this hook's previous one is still up: replace it instead.
  const show = useCallback(
    (options: Parameters<typeof present>[0]) => void dismiss().then(() => present(options)),
    [present, dismiss],
  );
  const success = useCallback(
    (message: string, header = 'Well done!') => show({ header, message, duration: NOTIFY_DURATION_MS, color: 'success', position: 'top' }),
    [show],
  );
  const error = useCallback(
    (message: string, header?: string) => show({ header, message, duration: NOTIFY_DURATION_MS, color: 'danger', position: 'top' }),
    [show],
  );
  return useMemo(() => ({ success, error }), [success, error]);
}
