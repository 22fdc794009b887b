import { AttendanceRatesSchema, AttendanceThresholdSchema } from '@rollbook/shared-types/attendance-warnings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { schedulingKeys } from './lookup-keys';

// Attendance rates (attended ÷ held classes marked), shown by the course's students tab, the
// student's profile and the printed attendance report. Kept under the courses root, so marking a
// register (which refreshes 'courses') refreshes them too.

export type AttendanceRatesOf = { courseId: number } | { studentId: number };

export const attendanceRatesKey = (of: AttendanceRatesOf) => [...schedulingKeys.courses, 'attendance-rates', of] as const;

export const getAttendanceRates = (of: AttendanceRatesOf) =>
  apiRequest('/api/reports/GetAttendanceRates', AttendanceRatesSchema, { query: { ...of } }).then((r) => r.rates);

export const useAttendanceRates = (of: AttendanceRatesOf, enabled = true) =>
  useQuery({ queryKey: attendanceRatesKey(of), queryFn: () => getAttendanceRates(of), enabled });

/** Under the dashboard's root, which a change of the threshold refreshes. */
export const attendanceThresholdKey = ['dashboard', 'attendance-threshold'] as const;

export const getAttendanceThreshold = () => apiRequest('/api/settings/GetAttendanceThreshold', AttendanceThresholdSchema).then((r) => r.threshold);

/** The school's threshold (%), below which a rate is flagged. */
export const useAttendanceThreshold = (enabled = true) => useQuery({ queryKey: attendanceThresholdKey, queryFn: getAttendanceThreshold, enabled });
