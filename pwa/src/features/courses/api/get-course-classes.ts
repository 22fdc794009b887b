import { ClassItemSchema } from '@rollbook/shared-types/classes';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lookups/lookup-keys';

export const getCourseClasses = (courseId: number) =>
  apiRequest('/api/classes/GetByCourseId', z.array(ClassItemSchema), { query: { id: courseId } });

export const useCourseClasses = (courseId: number | null) =>
  useQuery({
    queryKey: [...schedulingKeys.classes, 'course', courseId ?? 0],
    queryFn: () => getCourseClasses(courseId as number),
    enabled: courseId !== null,
  });
