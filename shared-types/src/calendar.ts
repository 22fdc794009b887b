import { z } from 'zod';
import { IdSchema } from './integers.js';
import { IsoDateTimeSchema } from './dates.js';

// Calendars of a teacher (type T), a room (type R) and a student: one event per class.

/** Without a range the calendar sends CALENDAR_DEFAULT_MONTHS_BACK months back to CALENDAR_DEFAULT_MONTHS_AHEAD ahead. */
export const CALENDAR_DEFAULT_MONTHS_BACK = 6;
export const CALENDAR_DEFAULT_MONTHS_AHEAD = 12;
/** A wider range is refused so one call cannot ask for years of classes. */
export const CALENDAR_MAX_DAYS = 800;

export const CalendarQuerySchema = z.object({
  id: IdSchema,
  /** Range as calendar components send it (ISO date or instant; a date alone is London midnight). */
  start: IsoDateTimeSchema.optional(),
  end: IsoDateTimeSchema.optional(),
});
export type CalendarQuery = z.infer<typeof CalendarQuerySchema>;

export const CalendarEventSchema = z.object({
  classId: z.number().int(),
  courseId: z.number().int(),
  title: z.string(),
  /** ISO instants. */
  start: z.string(),
  end: z.string(),
  /** The subject's colour. */
  color: z.string(),
  seriesStatusId: z.number().int(),
});
export type CalendarEvent = z.infer<typeof CalendarEventSchema>;
export const CalendarEventListSchema = z.array(CalendarEventSchema);
