import { useSyncExternalStore } from 'react';
import { installPrompt } from '../install-prompt-listener';

/** True while the browser offers to install the app. */
export function useInstallAvailable(): boolean {
  return useSyncExternalStore(installPrompt.subscribe, installPrompt.get, () => false);
}
