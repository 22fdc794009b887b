import type { FileItem } from '@rollbook/shared-types/files';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authorizedFetch } from './authorized-fetch';
import { fileKeys } from './query-keys';

/** GET /api/files/Download: fetched with the token, then saved under the file's own name. */
export async function downloadFile(item: FileItem): Promise<void> {
  const response = await authorizedFetch(`/api/files/Download?id=${item.fileId}`);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = item.name;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the browser's download; give it a moment before freeing it.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** A download counts one access, so the list is read again afterwards. */
export function useDownloadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadFile,
    onSettled: (_data, _error, item) => queryClient.invalidateQueries({ queryKey: fileKeys.list(item.entityTypeId, item.entityId) }),
  });
}
