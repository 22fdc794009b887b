import { z } from 'zod';
import { BodyIdSchema, integerSchema, PageSchema } from './integers.js';
import { ClassItemSchema } from './classes.js';
import { CourseListItemSchema } from './courses.js';

// Offline sync between a phone and the server.
//
// Pull: the phone asks for everything that changed since its cursor; the server answers with the
// rows of the caller's window (a teacher's classes from WINDOW_WEEKS_BACK to WINDOW_WEEKS_AHEAD,
// their courses and students; a student's own classes and courses), ids of rows removed, and a
// new cursor. The cursor is opaque to clients.
//
// Push: the phone sends queued changes in seq order; each gets its own answer and is applied at
// most once (mutationId is the idempotency key), in its own transaction, under the same rules as
// the online API.

export const SYNC_BATCH_LIMIT = 50;
export const WINDOW_WEEKS_BACK = 4;
export const WINDOW_WEEKS_AHEAD = 8;

/** One id per app installation and user: the queue it sends belongs to that user. */
export const ClientIdSchema = z.uuid();

export const PullQuerySchema = z.object({
  clientId: ClientIdSchema,
  /** The cursor of the previous pull; absent for a first (full) pull. */
  since: z.string().max(200).optional(),
  weeksBack: integerSchema({ min: 0, max: 52 }).prefault(WINDOW_WEEKS_BACK),
  weeksAhead: integerSchema({ min: 0, max: 104 }).prefault(WINDOW_WEEKS_AHEAD),
});
export type PullQuery = z.infer<typeof PullQuerySchema>;

/** A class as the phone keeps it: the list item plus the version of its time and length. */
export const SyncClassSchema = ClassItemSchema.extend({
  /** Bumped only when the class's start or length changes: what a queued reschedule compares with. */
  scheduleVersion: z.number().int(),
});
export type SyncClass = z.infer<typeof SyncClassSchema>;

/** A line of a class register. */
export const SyncAttendanceSchema = z.object({
  classId: z.number().int(),
  studentId: z.number().int(),
  statusId: z.number().int(),
  version: z.number().int(),
});
export type SyncAttendance = z.infer<typeof SyncAttendanceSchema>;

export const SyncStudentSchema = z.object({
  studentId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  landline: z.string().nullable(),
  companyId: z.number().int().nullable(),
  /** null: a private student ('Private' on the cards). */
  company: z.string().nullable(),
});
export type SyncStudent = z.infer<typeof SyncStudentSchema>;

/** A student's place on a course (1 Enrolled, 2 Enquired, 3 Waiting). */
export const SyncEnrolmentSchema = z.object({
  courseId: z.number().int(),
  studentId: z.number().int(),
  statusId: z.number().int(),
});
export type SyncEnrolment = z.infer<typeof SyncEnrolmentSchema>;

export const SyncCourseSchema = CourseListItemSchema;
export type SyncCourse = z.infer<typeof SyncCourseSchema>;

export const PullResponseSchema = z.object({
  /** Pass back as `since` next time. */
  cursor: z.string(),
  /** True when this answer is a full snapshot: the phone replaces what it holds for this user. */
  reset: z.boolean(),
  /** Server time of the answer (ISO), for "Last updated". */
  serverTime: z.string(),
  /** The window the answer covers, London dates 'yyyy-MM-dd', inclusive. */
  window: z.object({ from: z.string(), to: z.string() }),
  classes: z.array(SyncClassSchema),
  attendance: z.array(SyncAttendanceSchema),
  courses: z.array(SyncCourseSchema),
  enrolments: z.array(SyncEnrolmentSchema),
  students: z.array(SyncStudentSchema),
  /**
   * Rows the phone must drop: deleted, or no longer the caller's, or out of the window. A removed
   * class takes its register lines with it, a removed course its places (they are not listed again).
   */
  removed: z.object({
    classIds: z.array(z.number().int()),
    attendance: z.array(z.object({ classId: z.number().int(), studentId: z.number().int() })),
    courseIds: z.array(z.number().int()),
    enrolments: z.array(z.object({ courseId: z.number().int(), studentId: z.number().int() })),
    studentIds: z.array(z.number().int()),
  }),
});
export type PullResponse = z.infer<typeof PullResponseSchema>;

// ---- Push ----

export const MUTATION_NAMES = ['markAttendance', 'rescheduleClass', 'moveClassToEnd', 'markAllAttended'] as const;
export type MutationName = (typeof MUTATION_NAMES)[number];

/** Set a student's mark on a class: 2 attended, 5 absent, 1 cleared (pending). baseVersion: the register line's version. */
export const MarkAttendanceArgsSchema = z.object({
  classId: BodyIdSchema,
  studentId: BodyIdSchema,
  statusId: integerSchema({ min: 1, max: 5, values: [1, 2, 5] }, { source: 'json' }).transform((v) => v as 1 | 2 | 5),
});
export type MarkAttendanceArgs = z.infer<typeof MarkAttendanceArgsSchema>;

/** Move a class: 'd/m/yyyy HH:mm' London time in 5-minute steps. baseVersion: the class's scheduleVersion. */
export const RescheduleClassArgsSchema = z.object({
  classId: BodyIdSchema,
  classDate: z.string().min(1).max(40),
  classLength: integerSchema({ min: 1, max: 1440 }, { source: 'json' }),
  /** Go ahead although the teacher or room is booked then (the teacher confirmed the clash warning). */
  allowClashes: z.boolean().optional(),
});
export type RescheduleClassArgs = z.infer<typeof RescheduleClassArgsSchema>;

/** Move a class after the last class of its series. baseVersion: the class's scheduleVersion. */
export const MoveClassToEndArgsSchema = z.object({
  classId: BodyIdSchema,
  /** Go ahead although the teacher or room is booked then (the teacher confirmed the clash warning). */
  allowClashes: z.boolean().optional(),
});
export type MoveClassToEndArgs = z.infer<typeof MoveClassToEndArgsSchema>;

/**
 * "All attended": the lines of one class the phone showed pending, set to attended in one change.
 * Each line is a mark of its own register line, so it carries that line's version (the envelope's
 * baseVersion is 0): a line someone else marked meanwhile is a conflict, as for a single mark.
 */
export const MarkAllAttendedArgsSchema = z.object({
  classId: BodyIdSchema,
  lines: z.array(z.object({
    studentId: BodyIdSchema,
    baseVersion: integerSchema({ min: 0, max: 2_000_000_000 }, { source: 'json' }),
  })).min(1).max(500).refine((lines) => new Set(lines.map((l) => l.studentId)).size === lines.length, 'lists a student twice'),
});
export type MarkAllAttendedArgs = z.infer<typeof MarkAllAttendedArgsSchema>;

export const MUTATION_ARGS = {
  markAttendance: MarkAttendanceArgsSchema,
  markAllAttended: MarkAllAttendedArgsSchema,
  rescheduleClass: RescheduleClassArgsSchema,
  moveClassToEnd: MoveClassToEndArgsSchema,
} as const;

/**
 * The envelope is checked for the whole batch; a mutation's name and args are checked one by one,
 * so a single bad change is answered 'rejected' and never blocks the rest of the queue.
 */
export const MutationEnvelopeSchema = z.object({
  mutationId: z.uuid(),
  seq: integerSchema({ min: 1, max: 2_000_000_000 }, { source: 'json' }),
  name: z.string().min(1).max(100),
  args: z.unknown(),
  /** Version of the row the change was made on (0 when the phone had none). */
  baseVersion: integerSchema({ min: 0, max: 2_000_000_000 }, { source: 'json' }),
  /** The device's clock when the change was made: kept for the audit trail, never used to order. */
  madeAt: z.iso.datetime({ offset: true }),
});
export type MutationEnvelope = z.infer<typeof MutationEnvelopeSchema>;

export const PushRequestSchema = z.object({
  clientId: ClientIdSchema,
  mutations: z.array(MutationEnvelopeSchema).min(1).max(SYNC_BATCH_LIMIT),
});
export type PushRequest = z.infer<typeof PushRequestSchema>;

/**
 * applied: done now. duplicate: this mutationId was answered before (the stored answer is repeated
 * in `previous`); treat as applied or as that answer. rejected: the server refuses it for good
 * (message says why); not retried. conflict: someone else changed the same thing since baseVersion;
 * the server kept its value (`server`), the phone may re-apply with a new mutation.
 * outOfOrder: an earlier seq has not arrived; send it first (nothing was recorded).
 */
export const MutationStatusSchema = z.enum(['applied', 'duplicate', 'rejected', 'conflict', 'outOfOrder']);
export type MutationStatus = z.infer<typeof MutationStatusSchema>;

export const MutationResultSchema = z.object({
  mutationId: z.string(),
  seq: z.number().int(),
  status: MutationStatusSchema,
  message: z.string().optional(),
  /** For a duplicate: the status first answered. */
  previous: z.enum(['applied', 'rejected', 'conflict']).optional(),
  /** New version of the changed row (attendance version, or class scheduleVersion). */
  version: z.number().int().optional(),
  /** The server's current value of what the mutation wanted to change (conflicts, rejections). */
  server: z.record(z.string(), z.unknown()).optional(),
});
export type MutationResult = z.infer<typeof MutationResultSchema>;

export const PushResponseSchema = z.object({
  results: z.array(MutationResultSchema),
  /** Highest seq of this client the server has answered, counting from 1 with no gap. */
  lastSeq: z.number().int(),
});
export type PushResponse = z.infer<typeof PushResponseSchema>;

/** Same mutationId sent again with a different body: a client bug, answered 422. */
export const MUTATION_REUSED_MESSAGE = 'This change id was already used for a different change';
/** clientId registered to another user. */
export const CLIENT_OTHER_USER_MESSAGE = 'These changes belong to another user of this device';

/** Offline changes the server refused or found in conflict, for admins (audit). */
export const SyncProblemSchema = z.object({
  mutationId: z.string(),
  clientId: z.string(),
  userId: z.number().int(),
  user: z.string(),
  name: z.string(),
  args: z.unknown(),
  outcome: z.enum(['rejected', 'conflict']),
  message: z.string().nullable(),
  /** Device clock when made, server clock when answered (ISO). */
  madeAt: z.string().nullable(),
  appliedAt: z.string(),
});
export type SyncProblem = z.infer<typeof SyncProblemSchema>;

export const SyncProblemListQuerySchema = z.object({
  page: PageSchema,
  pageSize: integerSchema({ min: 1, max: 200 }).prefault(50),
});
export type SyncProblemListQuery = z.infer<typeof SyncProblemListQuerySchema>;

/** Newest first. */
export const SyncProblemListSchema = z.object({
  problems: z.array(SyncProblemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SyncProblemList = z.infer<typeof SyncProblemListSchema>;
