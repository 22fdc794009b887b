import type { SignedInUser } from '@rollbook/shared-types/auth';
import type { Closure } from '@rollbook/shared-types/closures';
import { DateTime } from 'luxon';
import { baseUrl, DEMO_PASSWORD } from './app-driver';

/** What POST /api/users/authenticate answers, and the sign-in form stores. */
export type StoredUser = SignedInUser;

/**
 * Signs in through the API (not the form), for setting up data and for opening signed-in pages
 * quickly: once per user and file, as each sign-in runs the slow password hash.
 */
export async function apiSignIn(username: string, password = DEMO_PASSWORD, base = baseUrl()): Promise<StoredUser> {
  const response = await fetch(`${base}/api/users/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`Signing in ${username} through the API failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as StoredUser;
}

/** Calls the API as this user: GET without a body, POST with one; anything but 2xx throws. */
export async function api<T>(user: StoredUser, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${user.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Makes records 1 to `count` through the API, fifteen at a time (a list test's many rows, quickly). */
export async function makeInBatches(count: number, make: (n: number) => Promise<unknown>): Promise<void> {
  for (let first = 1; first <= count; first += 15) {
    await Promise.all(Array.from({ length: Math.min(15, count - first + 1) }, (_, i) => make(first + i)));
  }
}

/** Every day a closure shuts (bank holidays and the school's own), as 'yyyy-MM-dd': days the class generator skips. */
export async function closedDays(user: StoredUser): Promise<Set<string>> {
  const days = new Set<string>();
  for (const { fromDate, toDate } of await api<Closure[]>(user, '/api/closures/getall')) {
    for (let day = DateTime.fromISO(fromDate); day.toISODate()! <= toDate; day = day.plus({ days: 1 })) days.add(day.toISODate()!);
  }
  return days;
}
