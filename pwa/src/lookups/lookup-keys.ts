/**
 * Query keys of the scheduling screens. Changes to classes move courses' figures and calendars
 * too, so class mutations invalidate all three roots.
 */
export const schedulingKeys = {
  lookups: (name: string) => ['lookups', name] as const,
  companies: ['companies'] as const,
  rooms: ['rooms'] as const,
  courses: ['courses'] as const,
  classes: ['classes'] as const,
  calendar: ['calendar'] as const,
};

/** Reference lists change rarely: keep them for ten minutes. */
export const LOOKUP_STALE_MS = 10 * 60_000;
