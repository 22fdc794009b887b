import { ClassItemSchema } from '@rollbook/shared-types/classes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clashAwareRequest } from '../../../lib/clash-aware-request';
import { invalidateClassViews } from './invalidate-class-views';

export interface RescheduleInput {
  classId: number;
  /** 'd/m/yyyy'. */
  classDate: string;
  /** 'HH:mm', London time, minutes in steps of 5. */
  time: string;
  classLength: number;
  allowClashes?: boolean;
}

/** UpdateClassDate: the date is sent as day/month/year plus the time (spec §9). */
export const rescheduleClass = ({ classId, classDate, time, classLength, allowClashes }: RescheduleInput) =>
  clashAwareRequest('/api/classes/UpdateClassDate', ClassItemSchema, {
    query: { classId, classDate: `${classDate.trim()} ${time}`, classLength, allowClashes: allowClashes || undefined },
  });

export function useRescheduleClass() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rescheduleClass, onSuccess: () => invalidateClassViews(queryClient) });
}
