// The fuzz runs in several files so vitest spreads them over the cores; each route belongs to the
// group of its first path segment. A segment without a group fails fuzz-coverage.test.ts.

export const FUZZ_GROUPS = {
  people: ['students', 'teachers', 'notes', 'files', 'users', 'signup', 'import'],
  'courses-classes': ['courses', 'classes', 'closures'],
  'places-lookups': ['subjects', 'coursetypes', 'staticdata', 'avatar', 'rooms', 'companies', 'calandar', 'calendar'],
  'reports-sync': ['reports', 'settings', 'notices', 'sync', 'infra', 'audit'],
} as const;

export type FuzzGroup = keyof typeof FUZZ_GROUPS;

/** The group that fuzzes a route, or null when none claims it. */
export function groupOf(url: string): FuzzGroup | null {
  const segment = url.split('/')[2]?.toLowerCase() ?? '';
  for (const [group, segments] of Object.entries(FUZZ_GROUPS)) {
    if ((segments as readonly string[]).includes(segment)) return group as FuzzGroup;
  }
  return null;
}
