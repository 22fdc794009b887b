import { z } from 'zod';
import { IdSchema } from './integers.js';

/** Shape of every error body the API returns. */
export const ErrorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Query flags arrive as "true"/"True"/"1"/"false"; anything else is a 400. */
export const QueryBooleanSchema = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False', 'TRUE', 'FALSE', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === 'True' || v === 'TRUE' || v === '1');

export const IdQuerySchema = z.object({ id: IdSchema });

export const VersionSchema = z.object({ version: z.string() });
export type Version = z.infer<typeof VersionSchema>;

/** GET /api/infra/Health: 200 when the API can reach its database (503 UNAVAILABLE when it can not). */
export const HealthSchema = z.object({ status: z.literal('ok'), database: z.literal('up') });
export type Health = z.infer<typeof HealthSchema>;
