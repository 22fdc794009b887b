import { StudentCourseAttendanceSchema } from '@rollbook/shared-types/reports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A course's attendance grid with per-student totals (the printable attendance report). */
export const getStudentCourseAttendance = (courseId: number) =>
  apiRequest('/api/reports/GetStudentCourseAttendence', StudentCourseAttendanceSchema, { query: { courseId } });

export const useStudentCourseAttendance = (courseId: number | null) =>
  useQuery({
    queryKey: ['reports', 'print', 'attendance', courseId],
    queryFn: () => getStudentCourseAttendance(courseId as number),
    enabled: courseId !== null,
  });
