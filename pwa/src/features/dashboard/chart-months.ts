/**
 * Spec §2.11: "Charts use only months after the first five entries of the monthly series."
 * The monthly series (GetClassMonthlyCount, GetStudentMonthlyCount) are twelve rows, January
 * first, so the two monthly charts leave out the first five entries, January to May, and show
 * June to December of last year and this year. Applied as the spec says; note that it hides this
 * year's first five months from the dashboard (the figures themselves are complete in the API).
 */
export const MONTHLY_ENTRIES_SKIPPED = 5;

export function chartedMonths<T>(months: readonly T[]): T[] {
  return months.slice(MONTHLY_ENTRIES_SKIPPED);
}

/** The last year and this year, for the series' labels. */
export function seriesYears(now: Date = new Date()): { lastYear: number; thisYear: number } {
  const thisYear = Number(new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: 'Europe/London' }).format(now));
  return { lastYear: thisYear - 1, thisYear };
}
