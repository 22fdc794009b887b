import { z } from 'zod';
import { BodyIdSchema, BodyStatusIdSchema, IdSchema, INT32_MAX, integerSchema } from './integers.js';

// Marking attendance (spec §2.5, §4), a class's register and an admin's per-class overrides.

/** One mark. Users set 2 (attended) or 5 (absent), or clear back to 1 (pending). */
export const AttendanceRecordSchema = z.object({
  classId: BodyIdSchema,
  studentId: BodyIdSchema,
  statusId: BodyStatusIdSchema,
  /** Version of the register line the client last saw; a different current version is a conflict. */
  baseVersion: integerSchema({ min: 1, max: INT32_MAX }, { source: 'json' }).optional(),
});
export type AttendanceRecord = z.infer<typeof AttendanceRecordSchema>;

/** The body of UpdateClassAttendenceMultiple: a plain list, saved all together or not at all. */
export const UpdateAttendanceRequestSchema = z.array(AttendanceRecordSchema).min(1).max(500);

/** What happened to one record. */
export const AttendanceOutcomeSchema = z.object({
  classId: z.number().int(),
  studentId: z.number().int(),
  outcome: z.enum(['applied', 'rejected', 'conflict']),
  /** The line's status after the call (the current one when rejected), null when there is no line. */
  statusId: z.number().int().nullable(),
  /** The line's version after the call. */
  version: z.number().int().nullable(),
  /** Why it was refused. */
  message: z.string().optional(),
  code: z.string().optional(),
});
export type AttendanceOutcome = z.infer<typeof AttendanceOutcomeSchema>;

/** A class touched by the marks: its derived status after saving. */
export const MarkedClassSchema = z.object({
  classId: z.number().int(),
  seriesStatusId: z.number().int(),
  /** Every student on the register has been marked. */
  allMarked: z.boolean(),
  version: z.number().int(),
});
export type MarkedClass = z.infer<typeof MarkedClassSchema>;

export const UpdateAttendanceResponseSchema = z.object({
  outcomes: z.array(AttendanceOutcomeSchema),
  classes: z.array(MarkedClassSchema),
});
export type UpdateAttendanceResponse = z.infer<typeof UpdateAttendanceResponseSchema>;

export const ATTENDANCE_MESSAGES = {
  draft: 'You can not mark classes for a draft course',
  archived: 'You can not mark classes for an archived course',
  suspended: 'You can not mark classes for a suspended course',
  paid: 'This class has been paid and its attendance can not be changed',
  classNotMarkable: 'This class is archived or suspended and can not be marked',
  notStarted: 'You can not mark a class before it has started',
  status: 'Attendance can only be set to attended (2), absent (5) or pending (1)',
  notOnRegister: 'This student is not on the register of this class',
  classNotFound: 'Class not found',
  conflict: 'This attendance was changed by someone else since you loaded it',
  notSaved: 'Attendance was not saved',
  overrideStatus: 'Please choose a status from 0 to 6',
} as const;

/** A line of a class register (GetStudentsByClassId). */
export const RegisterLineSchema = z.object({
  studentId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  /** Attendance status on this class. */
  statusId: z.number().int(),
  isOverride: z.boolean(),
  /** The student's enrolment status on the course now (0 when no longer on it). */
  enrolmentStatusId: z.number().int(),
  version: z.number().int(),
});
export type RegisterLine = z.infer<typeof RegisterLineSchema>;

export const ClassRegisterSchema = z.object({
  classId: z.number().int(),
  courseId: z.number().int(),
  courseStatusId: z.number().int(),
  seriesStatusId: z.number().int(),
  allMarked: z.boolean(),
  classVersion: z.number().int(),
  students: z.array(RegisterLineSchema),
});
export type ClassRegister = z.infer<typeof ClassRegisterSchema>;

// ---- Per-class overrides of one student on one course (admin) ----

export const StudentOverrideQuerySchema = z.object({ courseId: IdSchema, studentId: IdSchema });

/** One class of the course with the student's status on it (0 when not on its register). */
export const StudentOverrideLineSchema = z.object({
  classId: z.number().int(),
  statusId: z.number().int(),
  /** The class's derived status. */
  classStatusId: z.number().int(),
  classDateString: z.string(),
  classDatesCombined: z.string(),
  isOverride: z.boolean(),
});
export type StudentOverrideLine = z.infer<typeof StudentOverrideLineSchema>;
export const StudentOverrideListSchema = z.array(StudentOverrideLineSchema);

export const UpdateStudentOverrideRequestSchema = z.object({
  courseId: BodyIdSchema,
  studentId: BodyIdSchema,
  /** Any attendance status 0–6; classes of other courses or Paid classes are refused. */
  classes: z.array(z.object({ classId: BodyIdSchema, statusId: BodyStatusIdSchema })).min(1).max(1000),
});
export type UpdateStudentOverrideRequest = z.infer<typeof UpdateStudentOverrideRequestSchema>;
