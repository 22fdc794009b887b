import { RateUseCountSchema } from '@rollbook/shared-types/teachers';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/teachers/CanRateBeRemoved: how many classes, series and payments use the rate (0: free to delete). */
export function rateUseCount(teacherRateId: number) {
  return apiRequest('/api/teachers/CanRateBeRemoved', RateUseCountSchema, { query: { id: teacherRateId } });
}
