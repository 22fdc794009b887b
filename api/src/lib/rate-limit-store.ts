import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/create-db.js';
import { countAttempt, readAttempts } from './attempt-counters.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store over the attempt_counters table (one atomic upsert per request), in
 * place of its default in-process LRU: every server of a cluster counts into the same windows.
 * Routes with their own `config.rateLimit` get their own key space, as with the default store.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = 'rate') {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      countAttempt(db, `${this.prefix}:${key}`, timeWindow).then(
        ({ hits, resetsInMs }) => callback(null, { current: hits, ttl: resetsInMs }),
        (err: Error) => callback(err),
      );
    }

    read(key: string, callback: Callback): void {
      readAttempts(db, `${this.prefix}:${key}`).then(
        ({ hits, resetsInMs }) => callback(null, { current: hits, ttl: resetsInMs }),
        (err: Error) => callback(err),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // createRateLimit passes an empty routeInfo; a route's own config.rateLimit passes the route.
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return route?.url ? new DatabaseRateLimitStore(`rate:${String(route.method)}:${String(route.url)}`) : this;
    }
  }
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
