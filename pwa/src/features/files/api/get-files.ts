import { FILE_OWNER_STUDENT, FileListSchema } from '@rollbook/shared-types/files';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fileKeys } from './query-keys';

export function getFiles(ownerType: number, ownerId: number, signal?: AbortSignal) {
  return ownerType === FILE_OWNER_STUDENT
    ? apiRequest('/api/files/GetFilesByStudentId', FileListSchema, { query: { studentId: ownerId }, signal })
    : apiRequest('/api/files/GetFilesByTeacherId', FileListSchema, { query: { teacherId: ownerId }, signal });
}

/** GET /api/files/GetFilesByStudentId or GetFilesByTeacherId. */
export function useFiles(ownerType: number, ownerId: number) {
  return useQuery({ queryKey: fileKeys.list(ownerType, ownerId), queryFn: ({ signal }) => getFiles(ownerType, ownerId, signal) });
}
