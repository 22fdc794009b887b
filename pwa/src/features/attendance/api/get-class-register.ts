import { ClassRegisterSchema } from '@rollbook/shared-types/attendance';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { schedulingKeys } from '../../../lookups/lookup-keys';

export const getClassRegister = (classId: number) => apiRequest('/api/students/GetStudentsByClassId', ClassRegisterSchema, { query: { id: classId } });

/** The register of a class; always fresh when the modal opens. */
export const useClassRegister = (classId: number | null) =>
  useQuery({
    queryKey: [...schedulingKeys.classes, 'register', classId ?? 0],
    queryFn: () => getClassRegister(classId as number),
    enabled: classId !== null,
    staleTime: 0,
  });
