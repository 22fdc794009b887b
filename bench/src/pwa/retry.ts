/**
 * Runs `attempt` up to `times` times, until one succeeds. Lighthouse now and then fails a run for
 * reasons of its own (a trace it could not read, Chromium's debugging port closing under load): one
 * such run should cost a second try, not the whole bench:pwa, which has spent minutes by then.
 * Each failure is reported through `onFailure`; the last one is thrown.
 */
export async function withRetries<T>(times: number, attempt: () => Promise<T>, onFailure: (error: unknown, attemptNo: number) => void): Promise<T> {
  for (let attemptNo = 1; ; attemptNo += 1) {
    try {
      return await attempt();
    } catch (error) {
      onFailure(error, attemptNo);
      if (attemptNo >= times) throw error;
    }
  }
}
