import { z } from 'zod';
import { parseDmy, toIsoDate } from './dates.js';
import { BodyIdOrZeroSchema, BodyIdSchema } from './integers.js';
import { ClashSchema, SkippedDateSchema, type SkippedDate } from './classes.js';

export { SkippedDateSchema, type SkippedDate };

// Closures and bank holidays: days the school is shut. A closure is a name and a date
// range, from and to inclusive (one day: to = from). The class generator skips them.

/** Longest closure accepted: a year. Longer is a typing slip (a wrong year), not a school holiday. */
export const CLOSURE_MAX_DAYS = 366;

/** Most classes one closure may move or cancel at once: beyond that the list is no longer read, one by one. */
export const CLOSURE_MAX_CLASSES = 1000;

export const CLOSURE_MESSAGES = {
  name: 'Please enter a closure name',
  fromDate: 'Please enter the first day as d/m/yyyy',
  toDate: 'Please enter the last day as d/m/yyyy',
  toBeforeFrom: 'The last day can not be before the first day',
  tooLong: `A closure can be at most ${CLOSURE_MAX_DAYS} days`,
  saved: 'Closure successfully saved',
  deleted: 'Closure deleted',
  notFound: 'Closure not found',
  /** The generator ran out of open days (a schedule whose slots all fall on closures). */
  noOpenDays: 'There are not enough open days for these classes: the school is closed on every date the schedule offers',
  /** Saving a closure that falls on classes no choice was sent for (or a choice for a class not on it). */
  classesChanged: 'The classes on these dates have changed since they were listed: please look at them again',
  chooseForEachClass: 'Please choose to move to the end or cancel each class on these dates',
  tooManyClasses: `A closure can move or cancel at most ${CLOSURE_MAX_CLASSES.toLocaleString('en-GB')} classes at once: please add it in shorter parts`,
  lockedStays: 'Marked or paid: stays as it is',
} as const;

export const ClosureSchema = z.object({
  closureId: z.number().int(),
  name: z.string(),
  /** 'yyyy-MM-dd', first and last day shut. */
  fromDate: z.string(),
  toDate: z.string(),
  /** 'dd/MM/yyyy', as shown. */
  fromDateString: z.string(),
  toDateString: z.string(),
  /** Added by the bank holiday rule (England and Wales), not typed in by the school. */
  bankHoliday: z.boolean(),
});
export type Closure = z.infer<typeof ClosureSchema>;
export const ClosureListSchema = z.array(ClosureSchema);

/** The closure form. Loose on purpose: validateClosureForm gives each field its message. */
export const ClosureUpsertRequestSchema = z.object({
  /** Absent or 0 adds a closure. */
  closureId: BodyIdOrZeroSchema,
  name: z.string().max(200).nullable().optional(),
  /** d/m/yyyy. */
  fromDateString: z.string().max(40).nullable().optional(),
  /** d/m/yyyy; empty: the same day as fromDateString. */
  toDateString: z.string().max(40).nullable().optional(),
});
export type ClosureUpsertRequest = z.infer<typeof ClosureUpsertRequestSchema>;

/** What to do with a class on a new closure's dates: move it to the end of its course, or cancel it. */
export const ClosureClassActionSchema = z.enum(['move', 'cancel']);
export type ClosureClassAction = z.infer<typeof ClosureClassActionSchema>;

export const ClosureClassChoiceSchema = z.object({ classId: BodyIdSchema, action: ClosureClassActionSchema });
export type ClosureClassChoice = z.infer<typeof ClosureClassChoiceSchema>;

/**
 * Add or change a closure. When its dates fall on classes that can be moved, `classes` says, for
 * each of them, move or cancel (the list POST /api/closures/preview gave): the closure and every
 * choice are saved together or not at all.
 */
export const ClosureSaveRequestSchema = ClosureUpsertRequestSchema.extend({
  classes: z.array(ClosureClassChoiceSchema).max(CLOSURE_MAX_CLASSES)
    .refine((choices) => new Set(choices.map((c) => c.classId)).size === choices.length, { message: 'Each class can be chosen once' })
    .optional(),
  /** Move classes although the teacher or the room is already booked at the new time. */
  allowClashes: z.boolean().optional(),
});
export type ClosureSaveRequest = z.infer<typeof ClosureSaveRequestSchema>;

/** A class on a closure's dates, as the admin chooses what to do with it. */
export const ClosureClassSchema = z.object({
  classId: z.number().int(),
  courseId: z.number().int(),
  course: z.string(),
  teacher: z.string(),
  /** 'dd/MM/yyyy' and 'Monday' … 'Sunday'. */
  classDateString: z.string(),
  weekday: z.string(),
  /** 'HH:mm - HH:mm'. */
  classDatesCombined: z.string(),
  studentCount: z.number().int(),
  /** Derived now: 0, 1 Scheduled, 2 Requires marking, 3 Marked, 6 Paid. */
  seriesStatusId: z.number().int(),
  /** False for Marked or Paid classes: they stay as they are. */
  canMove: z.boolean(),
});
export type ClosureClass = z.infer<typeof ClosureClassSchema>;

/** What saving the closure would touch (writes nothing). */
export const ClosurePreviewSchema = z.object({
  /** 'yyyy-MM-dd' and 'dd/MM/yyyy'. */
  fromDate: z.string(),
  toDate: z.string(),
  fromDateString: z.string(),
  toDateString: z.string(),
  classes: z.array(ClosureClassSchema),
});
export type ClosurePreview = z.infer<typeof ClosurePreviewSchema>;

/** A class the save moved or cancelled. */
export const ClosureClassChangeSchema = z.object({
  classId: z.number().int(),
  course: z.string(),
  action: ClosureClassActionSchema,
  /** 'dd/MM/yyyy' before; after (moved only; null when cancelled). */
  wasDateString: z.string(),
  nowDateString: z.string().nullable(),
});
export type ClosureClassChange = z.infer<typeof ClosureClassChangeSchema>;

export const ClosureSaveResponseSchema = ClosureSchema.extend({ changes: z.array(ClosureClassChangeSchema) });
export type ClosureSaveResponse = z.infer<typeof ClosureSaveResponseSchema>;

/** 409: a double booking (code CLASH, with clashes: repeat with allowClashes) or classes changed since listed. */
export const ClosureConflictSchema = z.object({
  message: z.string(),
  code: z.string(),
  clashes: z.array(ClashSchema).optional(),
});

export const ClosureDeleteRequestSchema = z.object({ closureId: BodyIdSchema });

export const ClosureDeleteResponseSchema = z.object({ deleted: z.number().int() });

export interface ClosureForm {
  name: string;
  /** 'yyyy-MM-dd'. */
  fromDate: string;
  toDate: string;
}

const DAY_MS = 86_400_000;
const daysBetween = (fromIso: string, toIso: string) => Math.round((Date.parse(`${toIso}T00:00:00Z`) - Date.parse(`${fromIso}T00:00:00Z`)) / DAY_MS);

/** The form's rules, shared by the dialog and the API: a name, a real first day, a last day not before it. */
export function validateClosureForm(input: ClosureUpsertRequest): { value: ClosureForm; fieldErrors?: undefined } | { value?: undefined; fieldErrors: Record<string, string[]> } {
  const fieldErrors: Record<string, string[]> = {};
  const name = (input.name ?? '').trim();
  if (!name) fieldErrors.name = [CLOSURE_MESSAGES.name];
  const from = parseDmy(input.fromDateString ?? '');
  if (!from) fieldErrors.fromDateString = [CLOSURE_MESSAGES.fromDate];
  const toText = (input.toDateString ?? '').trim();
  const to = toText === '' ? from : parseDmy(toText);
  if (toText !== '' && !to) fieldErrors.toDateString = [CLOSURE_MESSAGES.toDate];
  if (from && to) {
    const days = daysBetween(toIsoDate(from), toIsoDate(to));
    if (days < 0) fieldErrors.toDateString = [CLOSURE_MESSAGES.toBeforeFrom];
    else if (days + 1 > CLOSURE_MAX_DAYS) fieldErrors.toDateString = [CLOSURE_MESSAGES.tooLong];
  }
  if (Object.keys(fieldErrors).length > 0 || !from || !to) return { fieldErrors };
  return { value: { name, fromDate: toIsoDate(from), toDate: toIsoDate(to) } };
}

/** The dates the generator would use, and the ones it leaves out for closures (asked before creating). */
export const ClassPlanSchema = z.object({
  /** 'yyyy-MM-dd' of each class, in order. */
  dates: z.array(z.string()),
  /** The same as 'dd/MM/yyyy'. */
  dateStrings: z.array(z.string()),
  skipped: z.array(SkippedDateSchema),
});
export type ClassPlan = z.infer<typeof ClassPlanSchema>;
