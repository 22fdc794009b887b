import { z } from 'zod';

// Private calendar feeds (iCalendar): a teacher's or student's classes for calendar apps (Google,
// Apple, Outlook), which fetch a URL without signing in. The URL carries a random token that the
// server keeps only as a hash, so it is shown once, when made; making a new one ends the old one.
//   GET    /api/calendar/feed          the caller's feed: whether there is one, when made, last fetched
//   POST   /api/calendar/feed          a new feed URL (replaces any earlier one, which then answers 404)
//   DELETE /api/calendar/feed          stop sharing: the URL answers 404
//   GET    /api/calendar/feeds/{token}.ics   the feed itself (public; text/calendar, ETag, 304)

/** Classes from this many months back ... */
export const CALENDAR_FEED_MONTHS_BACK = 6;
/** ... to this many months ahead are in a feed. */
export const CALENDAR_FEED_MONTHS_AHEAD = 18;
/** Fetches of one feed allowed per hour (calendar apps poll every few minutes to every day). */
export const CALENDAR_FEED_FETCHES_PER_HOUR = 120;

export const CALENDAR_FEED_MESSAGES = {
  notFound: 'No such calendar feed',
  notATeacherOrStudent: 'Calendar feeds are for teachers and students',
} as const;

export const CalendarFeedStatusSchema = z.object({
  /** True while a feed URL is live. */
  active: z.boolean(),
  /** ISO instant the live URL was made; null without one. */
  createdAt: z.string().nullable(),
  /** ISO instant a calendar app last fetched it (to the hour); null when never. */
  lastFetchedAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatusSchema>;

export const CalendarFeedCreatedSchema = z.object({
  /** The feed's path (/api/calendar/feeds/{token}.ics): the app puts its own origin in front. Shown once. */
  path: z.string(),
  createdAt: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof CalendarFeedCreatedSchema>;

/** The public route's parameter: "{token}.ics". Anything that is not a live token is a 404, never a 400. */
export const CalendarFeedParamsSchema = z.object({ file: z.string().max(200) });
export type CalendarFeedParams = z.infer<typeof CalendarFeedParamsSchema>;
