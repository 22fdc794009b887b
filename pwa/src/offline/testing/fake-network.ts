import { MUTATION_REUSED_MESSAGE, PullQuerySchema, PushRequestSchema, type PushRequest } from '@rollbook/shared-types/sync';
import { FakeSyncServer, MutationReusedError } from './fake-sync-server';

// The HTTP side of the fake server, with the faults a phone meets: no signal, a server answering
// 503 or 429, a response lost after the server committed, a page closed while a batch was in flight.

export type Fault =
  | { kind: 'network' }
  | { kind: 'status'; status: number; retryAfter?: string }
  /** The server applies the batch, then the answer never arrives (the request fails). */
  | { kind: 'lostResponse' }
  /** The server applies the batch, then the request never settles (the page is closed meanwhile). */
  | { kind: 'hangAfterApply' };

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const pathOf = (input: RequestInfo | URL) => new URL(String(input instanceof Request ? input.url : input), 'http://phone.test');

export class FakeNetwork {
  offline = false;
  /** Valid tokens and whose they are. */
  tokens = new Map<string, number>([['token-7', 7]]);
  faults: { push: Fault[]; pull: Fault[] } = { push: [], pull: [] };
  pushes: { request: PushRequest; userId: number }[] = [];
  pulls = 0;
  inFlightPushes = 0;
  maxInFlightPushes = 0;
  /** Lets a push take a while, so overlapping senders would show. */
  pushDelayMs = 0;

  constructor(readonly server: FakeSyncServer = new FakeSyncServer()) {}

  fetch: typeof fetch = async (input, init) => {
    if (this.offline) throw new TypeError('Failed to fetch');
    const url = pathOf(input);
    const userId = this.tokens.get(new Headers(init?.headers).get('Authorization')?.replace(/^Bearer /, '') ?? '');
    if (userId === undefined) return json(401, { message: 'Please log in', code: 'UNAUTHORIZED' });
    if (url.pathname === '/api/sync/pull') {
      const query = PullQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      return query.success ? this.pull(url) : json(400, { message: query.error.message, code: 'VALIDATION' });
    }
    if (url.pathname === '/api/sync/push') {
      // The envelope is checked as the real route does: a malformed batch would be a 400.
      const request = PushRequestSchema.safeParse(JSON.parse(String(init?.body)));
      return request.success ? this.push(request.data, userId) : json(400, { message: request.error.message, code: 'VALIDATION' });
    }
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  };

  private async pull(url: URL): Promise<Response> {
    const fault = this.faults.pull.shift();
    if (fault?.kind === 'network') throw new TypeError('Failed to fetch');
    if (fault?.kind === 'status') return json(fault.status, { message: 'Unavailable', code: 'UNAVAILABLE' });
    this.pulls += 1;
    return json(200, this.server.pull(url.searchParams.get('since') ?? undefined));
  }

  private async push(request: PushRequest, userId: number): Promise<Response> {
    const fault = this.faults.push.shift();
    if (fault?.kind === 'network') throw new TypeError('Failed to fetch');
    if (fault?.kind === 'status') {
      return json(fault.status, { message: 'Try later', code: 'BUSY' }, fault.retryAfter ? { 'Retry-After': fault.retryAfter } : {});
    }
    this.inFlightPushes += 1;
    this.maxInFlightPushes = Math.max(this.maxInFlightPushes, this.inFlightPushes);
    let answer;
    try {
      if (this.pushDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.pushDelayMs));
      this.pushes.push({ request, userId });
      answer = this.server.push(request.clientId, request.mutations);
    } catch (error) {
      if (error instanceof MutationReusedError) return json(422, { message: MUTATION_REUSED_MESSAGE, code: 'MUTATION_REUSED' });
      throw error;
    } finally {
      this.inFlightPushes -= 1;
    }
    if (fault?.kind === 'lostResponse') throw new TypeError('Failed to fetch');
    if (fault?.kind === 'hangAfterApply') return new Promise<never>(() => undefined);
    return json(200, answer);
  }
}
