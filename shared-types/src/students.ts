import { z } from 'zod';
import { IdSchema } from './common.js';

export const STUDENT_PAGE_SIZE = 100;

/** -1 all, 1 active (has current courses), 0 inactive. */
export const StudentStatusFilterSchema = z.coerce.number().int().refine((v) => v === -1 || v === 0 || v === 1, {
  message: 'statusId must be -1 (all), 1 (active) or 0 (inactive)',
});

export const StudentListQuerySchema = z.object({
  name: z.string().trim().max(200).optional(),
  companyId: z.coerce.number().int().min(-1).max(2_147_483_647).optional(),
  statusId: StudentStatusFilterSchema.optional(),
  CourseId: IdSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type StudentListQuery = z.infer<typeof StudentListQuerySchema>;

export const StudentListItemSchema = z.object({
  studentId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  companyId: z.number().int().nullable(),
  company: z.string().nullable(),
  /** Comma list of "subject|#colour" for the student's current courses. */
  currentCourses: z.string(),
  statusId: z.union([z.literal(0), z.literal(1)]),
  hasLogin: z.boolean(),
});
export type StudentListItem = z.infer<typeof StudentListItemSchema>;

export const StudentListResponseSchema = z.object({
  students: z.array(StudentListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StudentListResponse = z.infer<typeof StudentListResponseSchema>;
