import { useIonToast } from '@ionic/react';
import { useCallback, useMemo } from 'react';

/** The spec's notifications: success toasts titled 'Well done!' and errors, each for 3 seconds. */
export const NOTIFY_DURATION_MS = 3000;

export function useNotify() {
  const [present] = useIonToast();
  const success = useCallback(
    (message: string, header = 'Well done!') => void present({ header, message, duration: NOTIFY_DURATION_MS, color: 'success', position: 'top' }),
    [present],
  );
  const error = useCallback(
    (message: string, header?: string) => void present({ header, message, duration: NOTIFY_DURATION_MS, color: 'danger', position: 'top' }),
    [present],
  );
  return useMemo(() => ({ success, error }), [success, error]);
}
