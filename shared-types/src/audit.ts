import { z } from 'zod';
import { OptionalDmyDateSchema } from './dates.js';
import { IdSchema } from './integers.js';
import { pageQueryShape, pageResponseSchema } from './list-page.js';

// The audit trail: who changed what, when and from where. Entries are written by the
// database in the transaction of each change and can only be read (admins, GET /api/audit/list).

/** The kinds of record the trail follows (the API maps each to its table). */
export const AUDIT_RECORD_TYPES = ['course', 'class', 'enrolment', 'attendance', 'teacherRate', 'settlementReport', 'user', 'userRole'] as const;
export const AuditRecordTypeSchema = z.enum(AUDIT_RECORD_TYPES, { error: `recordType must be one of ${AUDIT_RECORD_TYPES.join(', ')}` });
export type AuditRecordType = z.infer<typeof AuditRecordTypeSchema>;

/** What the screen calls each kind. */
export const AUDIT_RECORD_LABELS: Record<AuditRecordType, string> = {
  course: 'Course',
  class: 'Class',
  enrolment: 'Enrolment',
  attendance: 'Attendance',
  teacherRate: 'Teacher rate',
  settlementReport: 'Settlement report',
  user: 'User access',
  userRole: 'User role',
};

/** 'web' (the site or the app online), 'phone' (an offline change sent by sync), 'system' (seed, jobs). */
export const AUDIT_SOURCES = ['web', 'phone', 'system'] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];

export const AUDIT_ACTIONS = ['insert', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_SORT_KEYS = ['occurredAt', 'appliedAt'] as const;
export const AUDIT_PAGE_SIZE = 50;

export const AUDIT_MESSAGES = {
  recordId: 'A record id is a number, or two joined by a colon (class:student for attendance, course:student for enrolments)',
  recordIdNeedsType: 'Please choose a record type to look up a record id',
  dateRange: 'The "from" date must not be after the "to" date',
} as const;

/**
 * GET /api/audit/list. Newest first (occurredAt desc) unless sorted otherwise.
 * from/to: London calendar days (d/m/yyyy, inclusive) of when the change was made.
 */
export const AuditListQuerySchema = z.object({
  ...pageQueryShape(AUDIT_SORT_KEYS),
  /** The person who made the change (a user id). */
  userId: IdSchema.optional(),
  recordType: AuditRecordTypeSchema.optional(),
  recordId: z.string().trim().regex(/^\d{1,10}(:\d{1,10})?$/, AUDIT_MESSAGES.recordId).optional(),
  from: OptionalDmyDateSchema,
  to: OptionalDmyDateSchema,
}).superRefine((q, ctx) => {
  if (q.recordId !== undefined && q.recordType === undefined) ctx.addIssue({ code: 'custom', path: ['recordId'], message: AUDIT_MESSAGES.recordIdNeedsType });
  if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: AUDIT_MESSAGES.dateRange });
});
export type AuditListQuery = z.input<typeof AuditListQuerySchema>;

const FieldValuesSchema = z.record(z.string(), z.unknown());

export const AuditEntrySchema = z.object({
  auditEntryId: z.number().int(),
  /** null for 'system' changes (and public pages before anyone signed in). */
  actorUserId: z.number().int().nullable(),
  /** The person's name; 'System' for system changes, '' when the login no longer exists. */
  actorName: z.string(),
  source: z.enum(AUDIT_SOURCES),
  recordType: AuditRecordTypeSchema,
  /** The record's id; two ids joined by ':' for attendance (class:student) and enrolments (course:student). */
  recordId: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** An insert: new values; a delete: old values; an update: only the fields that changed, old and new. */
  changes: z.object({ old: FieldValuesSchema.optional(), new: FieldValuesSchema.optional() }),
  /** ISO instant the change was made: on the phone for 'phone' changes. */
  occurredAt: z.string(),
  /** ISO instant the server applied it. */
  appliedAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = pageResponseSchema('entries', AuditEntrySchema);
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** GET /api/audit/actors: the people who appear in the trail, for the person filter. */
export const AuditActorSchema = z.object({ userId: z.number().int(), name: z.string() });
export const AuditActorListSchema = z.array(AuditActorSchema);
export type AuditActor = z.infer<typeof AuditActorSchema>;
