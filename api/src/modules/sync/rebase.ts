// A queued change carries the version of the row it was made on (baseVersion). When the row has
// moved on since, the change is still safe if every step from baseVersion to the current version
// was taken by this same installation's earlier changes: the phone made its change on top of its
// own, so the row was not changed by anyone else in between. Those steps are the
// (version_before → version_after) pairs recorded for the target in applied_mutations.

export interface VersionStep {
  versionBefore: number;
  versionAfter: number;
}

/** True when the client's own steps lead from base to current without a gap. */
export function isOwnHistory(base: number, current: number, steps: VersionStep[]): boolean {
  const next = new Map<number, number>();
  for (const s of steps) if (s.versionAfter > s.versionBefore) next.set(s.versionBefore, s.versionAfter);
  let version = base;
  while (version < current) {
    const after = next.get(version);
    if (after === undefined) return false;
    version = after;
  }
  return version === current;
}

/** The phone sends 0 for "no version known": rows start at version 1. */
export const effectiveBase = (baseVersion: number): number => Math.max(baseVersion, 1);
