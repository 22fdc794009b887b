import { useEffect, useSyncExternalStore } from 'react';
import { useServerVersionChanged } from '../api/get-version';
import { checkForServiceWorkerUpdate, serviceWorkerUpdate } from '../service-worker';

/** True when a newer build exists: the server reports a new version or a new service worker waits. */
export function useUpdateAvailable(): boolean {
  const versionChanged = useServerVersionChanged();
  const workerWaiting = useSyncExternalStore(serviceWorkerUpdate.subscribe, serviceWorkerUpdate.get);

  useEffect(() => {
    // Fetch the new service worker right away so UPDATE can switch to the new build.
    if (versionChanged) void checkForServiceWorkerUpdate();
  }, [versionChanged]);

  return versionChanged || workerWaiting;
}
