import { useState } from 'react';
import type { QueryValue } from '../../../lib/api-client';
import { useNotify } from '../../../components/ui/notify';
import { downloadCsv } from '../api/download-csv';

/** Downloads a CSV export, showing the server's message when it fails; `busy` while it runs. */
export function useCsvDownload() {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async (path: string, query: Record<string, QueryValue>, fallbackName: string) => {
    setBusy(true);
    try {
      await downloadCsv(path, query, fallbackName);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'The file could not be downloaded');
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}
