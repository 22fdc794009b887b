import { useIonToast } from '@ionic/react';
import type { Notice } from '@rollbook/shared-types/notices';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { NOTIFY_DURATION_MS } from '../../../components/ui/notify';
import { primaryRole } from '../../../lib/roles';
import { isSessionActive, session } from '../../../lib/session';
import { getNoticeTicket } from '../api/get-notice-ticket';
import { browserNoticeHub } from '../notice-hub';
import { isOwnChange, NOTICE_MESSAGES, refreshAfterNotice } from '../notice-effects';

const hub = browserNoticeHub(getNoticeTicket);

/**
 * For a signed-in admin or teacher: listens for settlement reports being raised or deleted
 * (by another admin, another tab, or for this teacher), refreshes the money screens' figures
 * and says so in a toast.
 */
export function useLiveNotices(): void {
  const user = useSyncExternalStore(session.subscribe, session.get);
  const role = primaryRole(user);
  const listenerUserId = isSessionActive(user) && (role === 'CompanyAdmin' || role === 'Teacher') ? user.userId : null;
  const queryClient = useQueryClient();
  const [presentToast, dismissToast] = useIonToast();
  // One toast at a time per hook (Ionic ignores present() while its toast shows): a newer notice
  // replaces the one on screen, in order.
  const toasts = useRef(Promise.resolve());

  const handle = useRef<(notice: Notice) => void>(() => undefined);
  useEffect(() => {
    const show = (message: string) => {
      toasts.current = toasts.current
        .then(async () => {
          await dismissToast();
          await presentToast({ message, duration: NOTIFY_DURATION_MS, position: 'top', color: 'primary' });
        })
        .catch(() => undefined);
    };
    handle.current = (notice) => {
      void refreshAfterNotice(queryClient);
      void isOwnChange(queryClient, notice).then((own) => {
        if (!own) show(NOTICE_MESSAGES[notice.type]);
      });
    };
  }, [queryClient, presentToast, dismissToast]);

  useEffect(() => {
    if (listenerUserId === null) return;
    return hub.subscribe((notice) => handle.current(notice));
  }, [listenerUserId]);
}
