import { describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories.js';
import { countRows } from '../helpers/people-factories.js';
import { useTestAppWithInbox } from '../helpers/test-app.js';

const ctx = useTestAppWithInbox();
let n = 0;

/** Each test uses its own address and client IP, so the rate limits of one never touch another. */
async function person(options: { active?: boolean } = {}) {
  const email = `reset.${++n}.${Math.random().toString(36).slice(2, 7)}@example.test`;
  const user = await createUser(ctx.db, { password: 'old-password-1', active: options.active ?? true });
  await ctx.db.updateTable('users').set({ email }).where('userId', '=', user.userId).execute();
  return { ...user, email, ip: `10.70.${n % 250}.${Math.floor(Math.random() * 250)}` };
}

const requestReset = (email: unknown, ip: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/PasswordResetRequest', payload: { email }, remoteAddress: ip });
const resetPassword = (payload: Record<string, unknown>, ip: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/ResetPassword', payload, remoteAddress: ip });
const signIn = (username: string, password: string, ip: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username, password }, remoteAddress: ip });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('password reset through the e-mailed code', () => {
  it('e-mails a code over SMTP; the code and a new password let the user sign in, and end older sessions', async () => {
    const p = await person();
    const old = (await signIn(p.username, 'old-password-1', p.ip)).json().token;
    await sleep(1100); // tokens carry whole seconds

    const res = await requestReset(p.email, p.ip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'If that address belongs to an account, we have e-mailed a code to it. It is valid for 30 minutes.' });
    const mail = await ctx.inbox.nextMessage(p.email);
    expect(mail.subject).toBe('Your Rollbook password reset code');
    const code = /code is: (\d{6})/.exec(mail.text)?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);

    expect((await resetPassword({ email: p.email, code, password: 'brand-new-pass' }, p.ip)).json()).toBe(1);
    expect((await signIn(p.username, 'brand-new-pass', p.ip)).statusCode).toBe(200);
    expect((await signIn(p.username, 'old-password-1', p.ip)).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/users/GetProfile', headers: { authorization: `Bearer ${old}` } })).statusCode).toBe(401);
  });

  it('answers an unknown, a disabled and a known address exactly alike, and mails only the known one', async () => {
    const known = await person();
    const disabled = await person({ active: false });
    const unknown = `nobody.${n}@example.test`;
    const answers = await Promise.all([requestReset(known.email, known.ip), requestReset(disabled.email, disabled.ip), requestReset(unknown, known.ip)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    await ctx.inbox.nextMessage(known.email);
    await sleep(300);
    expect(ctx.inbox.messages.some((m) => m.to.includes(disabled.email.toLowerCase()) || m.to.includes(unknown))).toBe(false);
  });

  it('keeps only a hash of the code', async () => {
    const p = await person();
    await requestReset(p.email, p.ip);
    const code = await ctx.inbox.nextCode(p.email);
    const row = await ctx.db.selectFrom('verificationCodes').selectAll().where('userId', '=', p.userId).executeTakeFirstOrThrow();
    expect(row.purpose).toBe('password_reset');
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    const minutes = (row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 1);
  });

  it('answers 2 to a wrong code and locks the code after five wrong tries', async () => {
    const p = await person();
    await requestReset(p.email, p.ip);
    const code = await ctx.inbox.nextCode(p.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await resetPassword({ email: p.email, code: wrong, password: 'brand-new-pass' }, p.ip)).json()).toBe(2);
    expect((await resetPassword({ email: p.email, code, password: 'brand-new-pass' }, p.ip)).json()).toBe(2);
    expect((await signIn(p.username, 'old-password-1', p.ip)).statusCode).toBe(200);
  });

  it('answers 2 to an expired code', async () => {
    const p = await person();
    await requestReset(p.email, p.ip);
    const code = await ctx.inbox.nextCode(p.email);
    await ctx.db.updateTable('verificationCodes').set({ expiresAt: new Date(Date.now() - 1000) }).where('userId', '=', p.userId).execute();
    expect((await resetPassword({ email: p.email, code, password: 'brand-new-pass' }, p.ip)).json()).toBe(2);
  });

  it('accepts a code once only', async () => {
    const p = await person();
    await requestReset(p.email, p.ip);
    const code = await ctx.inbox.nextCode(p.email);
    expect((await resetPassword({ email: p.email, code, password: 'first-new-pass' }, p.ip)).json()).toBe(1);
    expect((await resetPassword({ email: p.email, code, password: 'second-new-pass' }, p.ip)).json()).toBe(2);
    expect((await signIn(p.username, 'first-new-pass', p.ip)).statusCode).toBe(200);
  });

  it('retires the earlier code when a new one is asked for', async () => {
    const p = await person();
    await requestReset(p.email, p.ip);
    const first = await ctx.inbox.nextCode(p.email);
    await requestReset(p.email, p.ip);
    const second = await ctx.inbox.nextCode(p.email);
    if (first !== second) expect((await resetPassword({ email: p.email, code: first, password: 'brand-new-pass' }, p.ip)).json()).toBe(2);
    expect((await resetPassword({ email: p.email, code: second, password: 'brand-new-pass' }, p.ip)).json()).toBe(1);
  });

  it('does not accept a code sent to another address', async () => {
    const a = await person();
    const b = await person();
    await requestReset(a.email, a.ip);
    await requestReset(b.email, b.ip);
    const codeA = await ctx.inbox.nextCode(a.email);
    const codeB = await ctx.inbox.nextCode(b.email);
    if (codeA !== codeB) expect((await resetPassword({ email: b.email, code: codeA, password: 'brand-new-pass' }, b.ip)).json()).toBe(2);
  });

  it.each([
    ['no e-mail', { email: '' }, 'email', 'Please enter an email address'],
    ['a missing e-mail', {}, 'email', 'Please enter an email address'],
    ['a malformed e-mail', { email: 'not an email' }, 'email', 'Please enter a valid email address'],
  ])('refuses a reset request with %s (400, no code made)', async (_case, payload, field, message) => {
    const before = await countRows(ctx.db, 'verificationCodes');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/PasswordResetRequest', payload, remoteAddress: '10.71.0.1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toEqual([message]);
    expect(await countRows(ctx.db, 'verificationCodes')).toBe(before);
  });

  it.each([
    ['a password under 8 characters', { password: 'short' }, 'password', 'Password needs to be 8 characters or more'],
    ['a missing password', { password: undefined }, 'password', 'Password needs to be 8 characters or more'],
    ['a confirmation that differs', { confirmPassword: 'something-else' }, 'confirmPassword', 'Passwords do not match'],
    ['no code', { code: '' }, 'code', 'Please enter the code'],
    ['no e-mail', { email: '' }, 'email', 'Please enter an email address'],
  ])('refuses a reset with %s as a 400 that does not use up the code', async (_case, overrides, field, message) => {
    const p = await person();
    await requestReset(p.email, p.ip);
    const code = await ctx.inbox.nextCode(p.email);
    const res = await resetPassword({ email: p.email, code, password: 'brand-new-pass', ...overrides }, p.ip);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toEqual([message]);
    const row = await ctx.db.selectFrom('verificationCodes').select(['attempts', 'usedAt']).where('userId', '=', p.userId).executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 0, usedAt: null });
    expect((await resetPassword({ email: p.email, code, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' }, p.ip)).json()).toBe(1);
  });

  it('limits requests per address: the fourth within 15 minutes is refused with 429', async () => {
    const p = await person();
    for (let i = 0; i < 3; i++) expect((await requestReset(p.email, `10.72.${i}.1`)).statusCode).toBe(200);
    const blocked = await requestReset(p.email, '10.72.9.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('limits code guesses per address across client addresses', async () => {
    const p = await person();
    for (let i = 0; i < 10; i++) await resetPassword({ email: p.email, code: '999999', password: 'brand-new-pass' }, `10.73.${i}.1`);
    expect((await resetPassword({ email: p.email, code: '999999', password: 'brand-new-pass' }, '10.73.99.1')).statusCode).toBe(429);
  });
});
