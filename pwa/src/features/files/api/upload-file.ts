import { FileItemSchema, type FileAccessSubject } from '@rollbook/shared-types/files';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authorizedFetch } from './authorized-fetch';
import { fileKeys } from './query-keys';

export interface UploadInput {
  entityTypeId: number;
  entityId: number;
  title: string;
  fileType: string;
  fileAccessSubject: FileAccessSubject;
  file: File;
}

/** POST /api/files/Upload as multipart/form-data: the text fields first, then the file. */
export async function uploadFile(input: UploadInput) {
  const form = new FormData();
  form.append('entityTypeId', String(input.entityTypeId));
  form.append('entityId', String(input.entityId));
  form.append('title', input.title);
  form.append('fileType', input.fileType);
  form.append('fileAccessSubject', input.fileAccessSubject);
  form.append('file', input.file, input.file.name);
  const response = await authorizedFetch('/api/files/Upload', { method: 'POST', body: form });
  return FileItemSchema.parse(await response.json());
}

export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFile,
    onSuccess: (item) => queryClient.invalidateQueries({ queryKey: fileKeys.list(item.entityTypeId, item.entityId) }),
  });
}
