import { AuditActorListSchema, AuditPageSchema, type AuditRecordType } from '@rollbook/shared-types/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The screen's filters as the API takes them ('' = not filtered). */
export interface AuditFilters {
  userId: string;
  recordType: AuditRecordType | '';
  recordId: string;
  /** d/m/yyyy, as typed. */
  from: string;
  to: string;
  page: number;
}

const defined = (f: AuditFilters) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== '' && v !== undefined)) as Record<string, string | number>;

export const getAuditPage = (f: AuditFilters) => apiRequest('/api/audit/list', AuditPageSchema, { query: defined(f) });

/** One page of the trail; the previous page stays on screen while the next loads. */
export const useAuditPage = (f: AuditFilters) =>
  useQuery({ queryKey: ['audit', 'list', f], queryFn: () => getAuditPage(f), placeholderData: keepPreviousData });

export const useAuditActors = () =>
  useQuery({ queryKey: ['audit', 'actors'], queryFn: () => apiRequest('/api/audit/actors', AuditActorListSchema) });
