import type { Db } from '../../src/db/create-db.js';

/** Who calls: the demo school's sign-ins plus three kinds of bad token. */
export const CALLERS = ['anonymous', 'expired', 'forged', 'admin', 'teacher', 'teacher2', 'student'] as const;
export type Caller = (typeof CALLERS)[number];
export type SignedInCaller = 'admin' | 'teacher' | 'teacher2' | 'student';

/** Ids of the demo school the cases build their requests from. */
export interface AccessContext {
  db: Db;
  adminUserId: number;
  teacherId: number;
  teacher2Id: number;
  studentId: number;
  userIds: Record<SignedInCaller, number>;
}

export interface AccessRequest {
  /** Path with its query string. */
  url: string;
  payload?: unknown;
}

/**
 * One route's access rule. `route` is the path as registered (no query), matched
 * case-insensitively against the app's route catalogue: a route without a case fails the matrix.
 * `expect` gives the accepted statuses for each signed-in caller; anonymous, expired and forged
 * callers must get 401 on every non-public route. `request` is called once per caller, so a case
 * that changes data can make a fresh target each time.
 */
export interface AccessCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  route: string;
  /** A short label when a route has several cases (e.g. own vs other teacher's class). */
  label?: string;
  public?: boolean;
  request: (ctx: AccessContext, caller: Caller) => AccessRequest | Promise<AccessRequest>;
  expect: Record<SignedInCaller, number | number[]>;
}

/** Allowed for the given callers with 200, refused with 403 for the others. */
export function onlyFor(...allowed: SignedInCaller[]): Record<SignedInCaller, number> {
  const all: SignedInCaller[] = ['admin', 'teacher', 'teacher2', 'student'];
  return Object.fromEntries(all.map((c) => [c, allowed.includes(c) ? 200 : 403])) as Record<SignedInCaller, number>;
}

/** A teacher or student reaching something that is not theirs: 403 or 404, never data. */
export const NOT_YOURS = [403, 404];
