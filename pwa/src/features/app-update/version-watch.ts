/**
 * Remembers the first server version this page saw; any later, different version means
 * a new build was deployed while the page was open (spec courses-classes-payments §2.14).
 */
export function createVersionWatch() {
  let firstSeen: string | null = null;
  return {
    /** Records a version from the server and tells whether it differs from the first one seen. */
    observe(version: string): boolean {
      firstSeen ??= version;
      return version !== firstSeen;
    },
  };
}
