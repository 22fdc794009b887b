import { AttendanceWarningListSchema } from '@rollbook/shared-types/attendance-warnings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, type QueryValue } from '../../../lib/api-client';
import { warningKeys } from './warning-keys';

export const getAttendanceWarnings = (query: Record<string, QueryValue>) =>
  apiRequest('/api/reports/GetAttendanceWarnings', AttendanceWarningListSchema, { query });

/** One page of the warning list; the page before stays on screen while the next one comes. */
export const useAttendanceWarnings = (query: Record<string, QueryValue>) =>
  useQuery({ queryKey: warningKeys.list(query), queryFn: () => getAttendanceWarnings(query), placeholderData: keepPreviousData });
