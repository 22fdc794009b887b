import { VersionSchema, type Version } from '@rollbook/shared-types/common';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { createVersionWatch } from '../version-watch';

export const VERSION_CHECK_INTERVAL_MS = 60_000;

export function getVersion(): Promise<Version> {
  return apiRequest('/api/infra/GetVersionNumber', VersionSchema, { auth: false });
}

const watch = createVersionWatch();

/** Asks the server for its version at start and every 60 seconds; true once it has changed. */
export function useServerVersionChanged(): boolean {
  const { data } = useQuery({
    queryKey: ['infra', 'version'],
    queryFn: async () => watch.observe((await getVersion()).version),
    refetchInterval: VERSION_CHECK_INTERVAL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
    // A failed check says nothing about the version; the next interval tries again.
    retry: false,
  });
  return data === true;
}
