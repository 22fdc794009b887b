import { CODE_LENGTH, CODE_MAX_ATTEMPTS } from '@rollbook/shared-types/users';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../helpers/factories.js';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.js';
import { buildTestApp } from '../helpers/test-app.js';
import { createTestDb, type TestDb } from '../helpers/test-db.js';

// An attacker's view of passwords, codes and tokens. test/auth, test/users and test/profile already
// show the 11th guess refused, the lock after five wrong codes and sessions ended by a new password
// (tokens_valid_after, by a reset code and by UpdatePassword); here: the wait really lasts until the window ends (and no longer), spraying many accounts from one
// address, a sign-in token expiring at its lifetime, and the bound on guessing a reset code.
//
// The app's clock (Date) is faked from before it is built, so the limiters' windows and the tokens'
// lifetimes can be stepped through without waiting; the database keeps real time.

const TOKEN_LIFETIME_SECONDS = 600;
// Failed sign-ins allowed per minute per account (per address: five times as many). Production
// allows 10 (test/auth shows the 11th refused); 4 here keeps the slow password checks few.
const ATTEMPTS = 4;
const SPRAY_LIMIT = ATTEMPTS * 5;

let testDb: TestDb;
let app: FastifyInstance;
let inbox: SmtpInbox;
let n = 0;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  testDb = await createTestDb();
  inbox = await startSmtpInbox();
  app = await buildTestApp(testDb.db, { smtpUrl: inbox.url, jwtExpiresInSeconds: TOKEN_LIFETIME_SECONDS, signInAttemptsPerMinute: ATTEMPTS });
});

afterAll(async () => {
  await app?.close();
  await inbox?.close();
  await testDb?.close();
  vi.useRealTimers();
});

const advance = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

/** A user of their own and a client address of their own per test, so limits never cross tests. */
async function account(password = 'right-password-1') {
  n += 1;
  const email = `attack.${n}.${Math.random().toString(36).slice(2, 7)}@example.test`;
  const user = await createUser(testDb.db, { password });
  await testDb.db.updateTable('users').set({ email }).where('userId', '=', user.userId).execute();
  return { ...user, password, email, ip: `10.88.${n}.1` };
}

const signIn = (username: string, password: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username, password }, remoteAddress: ip });

describe('guessing a password', () => {
  it(`after ${ATTEMPTS} wrong passwords the right one gets 429 with Retry-After until the minute has passed, then 200`, async () => {
    const a = await account();
    for (let i = 0; i < ATTEMPTS; i++) expect((await signIn(a.username, `guess-${i}`, a.ip)).statusCode).toBe(401);

    const blocked = await signIn(a.username, a.password, a.ip);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(blocked.json().message).toBe(`Too many attempts, please wait ${retryAfter} seconds and try again`);

    advance(retryAfter - 2);
    const stillBlocked = await signIn(a.username, a.password, a.ip);
    expect(stillBlocked.statusCode).toBe(429);
    expect(Number(stillBlocked.headers['retry-after'])).toBeLessThanOrEqual(2);

    advance(3);
    expect((await signIn(a.username, a.password, a.ip)).statusCode).toBe(200);
  });

  it('counts the waiting as no attempt: refused calls during the wait do not extend it', async () => {
    const a = await account();
    for (let i = 0; i < ATTEMPTS; i++) await signIn(a.username, `guess-${i}`, a.ip);
    for (let i = 0; i < 5; i++) expect((await signIn(a.username, `more-${i}`, a.ip)).statusCode).toBe(429);
    advance(61);
    expect((await signIn(a.username, a.password, a.ip)).statusCode).toBe(200);
  });

  it(`stops spraying one password over many accounts from one address after ${SPRAY_LIMIT} failures, whoever is tried next`, { timeout: 120_000 }, async () => {
    const sprayIp = '10.89.0.1';
    for (let i = 0; i < SPRAY_LIMIT; i++) expect((await signIn(`nobody-${i}`, 'Password1', sprayIp)).statusCode).toBe(401);
    // A real account never guessed before: refused because of the address, not the account.
    const victim = await account();
    const blocked = await signIn(victim.username, victim.password, sprayIp);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The account's owner, elsewhere, is not locked out by the attacker.
    expect((await signIn(victim.username, victim.password, victim.ip)).statusCode).toBe(200);
    advance(61);
    expect((await signIn(victim.username, victim.password, sprayIp)).statusCode).toBe(200);
  });
});

describe('sign-in tokens', () => {
  it(`expire at their lifetime (${TOKEN_LIFETIME_SECONDS} s here): 200 just before, 401 after`, async () => {
    const a = await account();
    const res = await signIn(a.username, a.password, a.ip);
    expect(res.statusCode).toBe(200);
    const { token } = res.json() as { token: string };
    const call = () => app.inject({ url: '/api/users/GetProfile', headers: { authorization: `Bearer ${token}` } });

    expect((await call()).statusCode).toBe(200);
    advance(TOKEN_LIFETIME_SECONDS - 5);
    expect((await call()).statusCode).toBe(200);
    advance(10);
    const expired = await call();
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Your session has expired or is not valid, please sign in');
  });
});

describe('guessing an e-mailed reset code', () => {
  // 10^6 possible codes, 5 tries per code, at most 3 codes per address per 15 minutes: an attacker
  // covers at most 15 codes of 10^6 in 15 minutes, P(success) ≤ 15 / 10^6 = 1.5·10^-5 per address.
  const CODE_SPACE = 10 ** CODE_LENGTH;
  const CODES_PER_WINDOW = 3;
  const bound = (CODES_PER_WINDOW * CODE_MAX_ATTEMPTS) / CODE_SPACE;

  it(`allows at most ${CODES_PER_WINDOW} codes × ${CODE_MAX_ATTEMPTS} tries per 15 minutes, P(guess) ≤ ${bound} per address; a locked code fails even when right`, async () => {
    expect(bound).toBeLessThanOrEqual(1.5e-5);
    const a = await account('old-password-1');
    const reset = (code: string, ip: string) =>
      app.inject({ method: 'POST', url: '/api/users/ResetPassword', payload: { email: a.email, code, password: 'attacker-pass-1' }, remoteAddress: ip });
    let guesses = 0;
    for (let round = 0; round < CODES_PER_WINDOW; round++) {
      const asked = await app.inject({ method: 'POST', url: '/api/users/PasswordResetRequest', payload: { email: a.email }, remoteAddress: `10.90.${round}.1` });
      expect(asked.statusCode).toBe(200);
      const code = await inbox.nextCode(a.email);
      const wrong = (i: number) => String((Number(code) + 1 + i * 7919) % CODE_SPACE).padStart(CODE_LENGTH, '0');
      for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
        expect((await reset(wrong(i), `10.91.${round}.${i}`)).json()).toBe(2);
        guesses += 1;
      }
      // The sixth try is the right code, and it is refused: the code is spent.
      expect((await reset(code, `10.92.${round}.1`)).json()).toBe(2);
      advance(61); // past the per-address minute limit on tries, well inside the 15-minute window
    }
    expect(guesses).toBe(CODES_PER_WINDOW * CODE_MAX_ATTEMPTS);
    // A fourth code within the 15 minutes is refused, from any address.
    const fourth = await app.inject({ method: 'POST', url: '/api/users/PasswordResetRequest', payload: { email: a.email }, remoteAddress: '10.93.0.1' });
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // The password never changed.
    expect((await signIn(a.username, 'old-password-1', '10.94.0.1')).statusCode).toBe(200);
    expect((await signIn(a.username, 'attacker-pass-1', '10.94.0.2')).statusCode).toBe(401);
  });
});
