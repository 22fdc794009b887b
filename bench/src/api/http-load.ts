import autocannon from 'autocannon';
import type { Measurement } from './measurement.js';

// The API side: autocannon against the running server, `connections` keep-alive connections,
// one request in flight each. A warm-up run (same requests, not measured) comes first.

export interface HttpPath {
  method: 'GET' | 'POST';
  /** Fixed path and query; or build each request in `setup`. */
  path: string;
  token: string;
  /** Called before every request on one connection; `context` is that connection's, for as long as it lives. */
  setup?: (context: Record<string, unknown>) => { path?: string; body?: string; headers?: Record<string, string> };
  /** Sees every answer, e.g. to learn the versions a push produced. */
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}

async function fire(base: string, p: HttpPath, connections: number, seconds: number): Promise<autocannon.Result> {
  const headers = { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' };
  // autocannon hands setupRequest and onResponse a context it resets to a fresh copy of its
  // initial context before every request (each time it wraps around its list of requests): a
  // phone kept there was a new phone, with its own clientId, on every request. So each connection
  // gets requests of its own (setupClient), closing over a context that lives as long as it does.
  const requestsOf = (context: Record<string, unknown>): autocannon.Request[] => [{
    method: p.method,
    path: p.path,
    headers,
    ...(p.setup ? {
      setupRequest: (request: autocannon.Request) => {
        const built = p.setup?.(context) ?? {};
        return { ...request, ...built, headers: { ...request.headers, ...built.headers } };
      },
    } : {}),
    ...(p.onResponse ? { onResponse: (status: number, body: string) => p.onResponse?.(status, body, context) } : {}),
  }];
  return autocannon({
    url: base,
    connections,
    duration: seconds,
    // On a loaded 2-core machine a push of 50 marks at 32 connections can take over autocannon's
    // default 10 s: that is a slow answer to measure, not an error.
    timeout: 60,
    // Built before setupClient runs, never sent when it replaces them (setup would make a phone for nothing).
    requests: [{ method: p.method, path: p.path, headers }],
    ...(p.setup || p.onResponse ? { setupClient: (client: autocannon.Client) => client.setRequests(requestsOf({})) } : {}),
  });
}

/**
 * autocannon stops at the deadline without waiting for requests in flight, which the server still
 * finishes: give it as long as the slowest answer took, so the next run starts on a quiet server.
 */
async function settle(r: autocannon.Result): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, Math.min(15_000, Math.max(250, r.latency.max))));
}

export async function runHttp(base: string, p: HttpPath, opts: { connections: number; seconds: number; warmupSeconds: number }): Promise<Measurement> {
  await settle(await fire(base, p, opts.connections, opts.warmupSeconds));
  const r = await fire(base, p, opts.connections, opts.seconds);
  await settle(r);
  const ok = r['2xx'];
  return {
    requestsPerSecond: ok / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors + r.timeouts,
    total: ok + r.non2xx,
  };
}

/** Bytes of one answer to the path, as the API sends it to a client that asks for no compression. */
export async function answerBytes(base: string, p: HttpPath): Promise<number> {
  const built = p.setup?.({}) ?? {};
  const res = await fetch(`${base}${built.path ?? p.path}`, {
    method: p.method,
    headers: { authorization: `Bearer ${p.token}`, 'accept-encoding': 'identity', ...built.headers },
  });
  return Buffer.byteLength(await res.text());
}
