import { describe, expect, it } from 'vitest';
import { createStudent } from '../helpers/factories.js';
import { countRows, loginFor } from '../helpers/people-factories.js';
import { buildTestApp, useTestAppWithInbox } from '../helpers/test-app.js';

const ctx = useTestAppWithInbox();
let n = 0;

/** A student the school knows, with their own address and client IP so rate limits never cross tests. */
async function knownStudent(firstName = 'Lucía') {
  const email = `Student.${++n}.${Math.random().toString(36).slice(2, 7)}@Example.test`;
  const student = await createStudent(ctx.db, { firstName, email });
  return { ...student, email, ip: `10.80.${n % 250}.${Math.floor(Math.random() * 250)}` };
}

const lookUp = (email: string, ip = '10.81.0.1') => ctx.app.inject({ url: `/api/signup/GetStudentByEmail?email=${encodeURIComponent(email)}`, remoteAddress: ip });
const sendCode = (email: string, ip: string) => ctx.app.inject({ method: 'POST', url: '/api/signup/SendCode', payload: { email }, remoteAddress: ip });
const register = (payload: Record<string, unknown>, ip: string) => ctx.app.inject({ method: 'POST', url: '/api/signup/Register', payload, remoteAddress: ip });
const signIn = (username: string, password: string, ip: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username, password }, remoteAddress: ip });

describe('GET /api/signup/GetStudentByEmail', () => {
  it('finds a student by e-mail whatever its case, revealing nothing else', async () => {
    const s = await knownStudent();
    const res = await lookUp(s.email.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ found: true, hasLogin: false, message: null });
  });

  it("answers 'We could not find you, please contact us' for an unknown address", async () => {
    expect((await lookUp('nobody@example.test')).json()).toEqual({ found: false, hasLogin: false, message: 'We could not find you, please contact us' });
  });

  it("answers 'You are already registered, please log in' for a student with a login", async () => {
    const s = await knownStudent();
    await loginFor(ctx.app, ctx.db, 'Student', s.studentId);
    expect((await lookUp(s.email)).json()).toEqual({ found: true, hasLogin: true, message: 'You are already registered, please log in' });
  });

  it('finds nobody when two students share the address', async () => {
    await createStudent(ctx.db, { email: 'family@example.test' });
    await createStudent(ctx.db, { email: 'FAMILY@example.test' });
    expect((await lookUp('family@example.test')).json().found).toBe(false);
  });

  it.each([['', 'Please enter an email address'], ['no-at-sign', 'Please enter a valid email address']])('refuses %j with 400', async (email, message) => {
    const res = await lookUp(email);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.email).toEqual([message]);
  });
});

describe('sign-up with an e-mailed code', () => {
  it('sends a code to the student, then the code and a password create a login they can sign in with', async () => {
    const s = await knownStudent();
    const sent = await sendCode(s.email, s.ip);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: 'We have e-mailed you a code. It is valid for 30 minutes.', expiresInMinutes: 30 });
    const mail = await ctx.inbox.nextMessage(s.email);
    expect(mail.subject).toBe('Your Rollbook sign-up code');
    expect(mail.text).toContain('Hello Lucía');
    const code = /code is: (\d{6})/.exec(mail.text)?.[1] as string;

    const res = await register({ email: s.email, code, password: 'my-own-password', confirmPassword: 'my-own-password' }, s.ip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: s.email });

    const signedIn = await signIn(s.email.toLowerCase(), 'my-own-password', s.ip);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ entityId: s.studentId, roles: [{ name: 'Student', entityId: s.studentId }], firstName: 'Lucía' });
    const record = await ctx.app.inject({ url: `/api/students/getbyid?id=${s.studentId}`, headers: { authorization: `Bearer ${signedIn.json().token}` } });
    expect(record.json()).toMatchObject({ hasLogin: true });
    expect((await lookUp(s.email)).json().hasLogin).toBe(true);
  });

  it('does not let someone who only knows the address register: without the code there is no login', async () => {
    const s = await knownStudent();
    const before = await countRows(ctx.db, 'users');
    const res = await register({ email: s.email, code: '123456', password: 'attacker-pass', confirmPassword: 'attacker-pass' }, s.ip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Code is incorrect', code: 'CODE_INCORRECT' });
    expect(await countRows(ctx.db, 'users')).toBe(before);
  });

  it.each([
    ['an unknown address', false, 'We could not find you, please contact us'],
    ['a student who already has a login', true, 'You are already registered, please log in'],
  ])('sends no code to %s and answers the spec’s message', async (_case, withLogin, message) => {
    const s = await knownStudent();
    if (withLogin) await loginFor(ctx.app, ctx.db, 'Student', s.studentId);
    const before = await countRows(ctx.db, 'verificationCodes');
    const res = await sendCode(withLogin ? s.email : `unknown.${n}@example.test`, s.ip);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await countRows(ctx.db, 'verificationCodes')).toBe(before);
  });

  it.each([
    ['an empty password', { password: '', confirmPassword: '' }, 'password', 'Password is empty'],
    ['a short password', { password: 'short', confirmPassword: 'short' }, 'password', 'Passwords must be 8 or more characters'],
    ['a confirmation that differs', { password: 'long-enough-1', confirmPassword: 'long-enough-2' }, 'confirmPassword', 'Passwords do not match'],
    ['no code', { code: '' }, 'code', 'Please enter the code'],
  ])('refuses %s with 400, creating nothing and keeping the code usable', async (_case, overrides, field, message) => {
    const s = await knownStudent();
    await sendCode(s.email, s.ip);
    const code = await ctx.inbox.nextCode(s.email);
    const before = await countRows(ctx.db, 'users');
    const res = await register({ email: s.email, code, password: 'long-enough-1', confirmPassword: 'long-enough-1', ...overrides }, s.ip);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toEqual([message]);
    expect(await countRows(ctx.db, 'users')).toBe(before);
    expect((await register({ email: s.email, code, password: 'long-enough-1', confirmPassword: 'long-enough-1' }, s.ip)).statusCode).toBe(200);
  });

  it('locks the code after five wrong tries, even for the right code afterwards', async () => {
    const s = await knownStudent();
    await sendCode(s.email, s.ip);
    const code = await ctx.inbox.nextCode(s.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { email: s.email, password: 'long-enough-1', confirmPassword: 'long-enough-1' };
    for (let i = 0; i < 5; i++) expect((await register({ ...body, code: wrong }, s.ip)).json().message).toBe('Code is incorrect');
    const locked = await register({ ...body, code }, s.ip);
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe('Code is incorrect');
    const row = await ctx.db.selectFrom('students').select('userId').where('studentId', '=', s.studentId).executeTakeFirstOrThrow();
    expect(row.userId).toBeNull();
  });

  it('refuses an expired code', async () => {
    const s = await knownStudent();
    await sendCode(s.email, s.ip);
    const code = await ctx.inbox.nextCode(s.email);
    await ctx.db.updateTable('verificationCodes').set({ expiresAt: new Date(Date.now() - 1000) }).where('studentId', '=', s.studentId).execute();
    expect((await register({ email: s.email, code, password: 'long-enough-1', confirmPassword: 'long-enough-1' }, s.ip)).json().message).toBe('Code is incorrect');
  });

  it('uses a code once: a second registration with it is refused', async () => {
    const s = await knownStudent();
    await sendCode(s.email, s.ip);
    const code = await ctx.inbox.nextCode(s.email);
    const body = { email: s.email, code, password: 'long-enough-1', confirmPassword: 'long-enough-1' };
    expect((await register(body, s.ip)).statusCode).toBe(200);
    const again = await register({ ...body, password: 'other-password', confirmPassword: 'other-password' }, s.ip);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Code is incorrect');
  });

  it('keeps the code hashed and bound to the student it was sent for', async () => {
    const s = await knownStudent();
    await sendCode(s.email, s.ip);
    const code = await ctx.inbox.nextCode(s.email);
    const row = await ctx.db.selectFrom('verificationCodes').selectAll().where('studentId', '=', s.studentId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ purpose: 'signup', userId: null, attempts: 0, usedAt: null });
    expect(row.codeHash).not.toContain(code);
  });

  it.each([
    ['no e-mail', {}, 'Please enter an email address'],
    ['an empty e-mail', { email: '' }, 'Please enter an email address'],
    ['a malformed e-mail', { email: 'a@b' }, 'Please enter a valid email address'],
    ['an e-mail that is not text', { email: 42 }, 'Please enter an email address'],
  ])('refuses a code request with %s (400, no code made)', async (_case, payload, message) => {
    const before = await countRows(ctx.db, 'verificationCodes');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/signup/SendCode', payload, remoteAddress: '10.83.0.1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.email).toEqual([message]);
    expect(await countRows(ctx.db, 'verificationCodes')).toBe(before);
  });

  it('limits codes per address: the fourth within 15 minutes is refused with 429', async () => {
    const s = await knownStudent();
    for (let i = 0; i < 3; i++) expect((await sendCode(s.email, `10.82.${i}.1`)).statusCode).toBe(200);
    expect((await sendCode(s.email, '10.82.9.1')).statusCode).toBe(429);
  });

  it('answers 503 and keeps no login when the mail server cannot be reached', async () => {
    const offline = await buildTestApp(ctx.db, { smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const s = await knownStudent();
      const res = await offline.inject({ method: 'POST', url: '/api/signup/SendCode', payload: { email: s.email }, remoteAddress: s.ip });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('We could not send the e-mail just now, please try again shortly');
    } finally {
      await offline.close();
    }
  });
});
