import { FILE_OWNER_STUDENT, FilePageSchema } from '@rollbook/shared-types/files';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, type QueryValue } from '../../../lib/api-client';
import { fileKeys } from './query-keys';

export function getFilePage(ownerType: number, ownerId: number, query: Record<string, QueryValue>, signal?: AbortSignal) {
  return ownerType === FILE_OWNER_STUDENT
    ? apiRequest('/api/files/GetFilesByStudentId', FilePageSchema, { query: { studentId: ownerId, ...query }, signal })
    : apiRequest('/api/files/GetFilesByTeacherId', FilePageSchema, { query: { teacherId: ownerId, ...query }, signal });
}

/**
 * GET /api/files/GetFilesByStudentId or GetFilesByTeacherId with page and pageSize: one page of the
 * owner's documents. The owner's previous page stays up (busy) while the next loads; another owner's never does.
 */
export function useFilePage(ownerType: number, ownerId: number, query: Record<string, QueryValue>) {
  const owner = fileKeys.list(ownerType, ownerId);
  return useQuery({
    queryKey: fileKeys.page(ownerType, ownerId, query),
    queryFn: ({ signal }) => getFilePage(ownerType, ownerId, query, signal),
    placeholderData: (previous, previousQuery) => (previousQuery && sameOwner(previousQuery.queryKey, owner) ? keepPreviousData(previous) : undefined),
  });
}

const sameOwner = (key: readonly unknown[], owner: readonly unknown[]) => owner.every((part, i) => key[i] === part);
