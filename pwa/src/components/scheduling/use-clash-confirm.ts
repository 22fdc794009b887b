import { useIonAlert } from '@ionic/react';
import type { Clash } from '@rollbook/shared-types/classes';
import { useCallback } from 'react';

export const CLASH_HEADER = 'Double booking';

/** One line per clash: who or what is booked, by which course, when. */
export function describeClashes(clashes: Clash[]): string {
  return clashes
    .slice(0, 5)
    .map((c) => `${c.kind === 'teacher' ? c.teacher : (c.room ?? 'The room')} is booked for ${c.course} on ${c.classDateString} ${c.classDatesCombined}.`)
    .concat(clashes.length > 5 ? [`… and ${clashes.length - 5} more.`] : [])
    .join(' ');
}

/**
 * Asks the admin whether to go ahead although the teacher or room is booked; resolves true for
 * CONTINUE. The API wrote nothing yet: the caller repeats the call with allowClashes.
 */
export function useClashConfirm() {
  const [present] = useIonAlert();
  return useCallback(
    (message: string, clashes: Clash[]) =>
      new Promise<boolean>((resolve) => {
        void present({
          header: CLASH_HEADER,
          subHeader: message,
          message: `${describeClashes(clashes)} Do you wish to continue?`,
          buttons: [
            { text: 'CANCEL', role: 'cancel' },
            { text: 'CONTINUE', role: 'confirm' },
          ],
          // Answer once the alert has gone: a dialog closing under a closing alert leaves the page aria-hidden.
          onDidDismiss: (event) => resolve(event.detail.role === 'confirm'),
        });
      }),
    [present],
  );
}
