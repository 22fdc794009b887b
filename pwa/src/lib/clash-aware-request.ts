import { ClashResponseSchema, type Clash } from '@rollbook/shared-types/classes';
import { createApiClient } from './api-client';
import { session } from './session';

/** The API refused a change because the teacher or the room is already booked (409 CLASH). */
export class ClashError extends Error {
  override readonly name = 'ClashError';

  constructor(
    message: string,
    readonly clashes: Clash[],
  ) {
    super(message);
  }
}

/** The shared client's error keeps only { message, code, fieldErrors }; clashes are read here. */
const clashAwareFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.status === 409) {
    const parsed = ClashResponseSchema.safeParse(await response.clone().json().catch(() => null));
    if (parsed.success) throw new ClashError(parsed.data.message, parsed.data.clashes);
  }
  return response;
};

/** apiRequest for the calls that may double-book (generate, reschedule, move to end). */
export const clashAwareRequest = createApiClient(session, clashAwareFetch);
