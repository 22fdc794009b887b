import type { GenerateClassesRequest } from '@rollbook/shared-types/classes';
import { ClassPlanSchema } from '@rollbook/shared-types/closures';
import { apiRequest } from '../../../lib/api-client';

/** PlanClasses: the dates the generator would use and the closure days it would skip; writes nothing. */
export const planClasses = (body: GenerateClassesRequest) => apiRequest('/api/classes/PlanClasses', ClassPlanSchema, { method: 'POST', body });
