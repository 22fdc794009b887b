import { describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories.js';
import { countRows, createTeacherRecord, loginFor } from '../helpers/people-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let ip = 0;

const signIn = (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username, password }, remoteAddress: `10.90.0.${++ip % 250}` });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A teacher who signed in for real (so their token is an ordinary one). */
async function signedInTeacher(password = 'current-pass-1') {
  const teacher = await createTeacherRecord(ctx.db);
  const user = await createUser(ctx.db, { password, roles: [{ name: 'Teacher', entityId: teacher.teacherId }] });
  await ctx.db.updateTable('users').set({ email: `${user.username}@example.test` }).where('userId', '=', user.userId).execute();
  const { token } = (await signIn(user.username, password)).json();
  return { ...user, headers: { authorization: `Bearer ${token}` } };
}

describe('profile', () => {
  it('shows and updates the caller’s own names and e-mail', async () => {
    const me = await signedInTeacher();
    const shown = await ctx.app.inject({ url: '/api/users/GetProfile', headers: me.headers });
    expect(shown.json()).toEqual({ userName: me.username, firstName: 'Test', lastName: me.username, email: `${me.username}@example.test` });
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/users/UpdateProfile', headers: me.headers,
      payload: { userName: me.username.toUpperCase(), firstName: ' Hannah ', lastName: 'Wright', email: 'hannah@example.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userName: me.username, firstName: 'Hannah', lastName: 'Wright', email: 'hannah@example.test' });
    expect((await signIn(me.username, 'current-pass-1')).json()).toMatchObject({ firstName: 'Hannah', lastName: 'Wright' });
  });

  it.each([
    ['no first name', { firstName: '' }, 'firstName', 'Please enter your First Name'],
    ['no last name', { lastName: undefined }, 'lastName', 'Please enter your Last Name'],
    ['no e-mail', { email: '' }, 'email', 'Please enter your Email'],
    ['a malformed e-mail', { email: 'me at home' }, 'email', 'Please enter a valid Email'],
  ])('refuses %s with the spec’s message and changes nothing', async (_case, overrides, field, message) => {
    const me = await signedInTeacher();
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/users/UpdateProfile', headers: me.headers,
      payload: { userName: me.username, firstName: 'New', lastName: 'Name', email: 'new@example.test', ...overrides },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toEqual([message]);
    const row = await ctx.db.selectFrom('users').select(['firstName', 'email']).where('userId', '=', me.userId).executeTakeFirstOrThrow();
    expect(row).toEqual({ firstName: 'Test', email: `${me.username}@example.test` });
  });

  it("refuses to update someone else's profile", async () => {
    const me = await signedInTeacher();
    const other = await createUser(ctx.db);
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/users/UpdateProfile', headers: me.headers,
      payload: { userName: other.username, firstName: 'Hijack', lastName: 'Attempt', email: 'x@example.test' },
    });
    expect(res.statusCode).toBe(403);
    const row = await ctx.db.selectFrom('users').select('firstName').where('userId', '=', other.userId).executeTakeFirstOrThrow();
    expect(row.firstName).toBe('Test');
  });
});

describe('POST /api/users/UpdatePassword', () => {
  const body = (userName: string, overrides: Record<string, unknown> = {}) => ({
    userName, oldPassword: 'current-pass-1', newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass', ...overrides,
  });

  it('changes the password, ends other sessions and keeps the caller signed in with a fresh token', async () => {
    const me = await signedInTeacher();
    const { token: otherDevice } = (await signIn(me.username, 'current-pass-1')).json();
    await sleep(1100); // tokens carry whole seconds: the old ones must be strictly older than the change
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/UpdatePassword', headers: me.headers, payload: body(me.username) });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.isValid).toBe(true);
    expect(new Date(answer.expiresAt).getTime()).toBeGreaterThan(Date.now());

    expect((await ctx.app.inject({ url: '/api/users/GetProfile', headers: { authorization: `Bearer ${answer.token}` } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/users/GetProfile', headers: me.headers })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/users/GetProfile', headers: { authorization: `Bearer ${otherDevice}` } })).statusCode).toBe(401);
    expect((await signIn(me.username, 'brand-new-pass')).statusCode).toBe(200);
    expect((await signIn(me.username, 'current-pass-1')).statusCode).toBe(401);
  });

  it('answers isValid false to a wrong current password and changes nothing', async () => {
    const me = await signedInTeacher();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/UpdatePassword', headers: me.headers, payload: body(me.username, { oldPassword: 'wrong-guess-1' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isValid: false });
    expect((await signIn(me.username, 'current-pass-1')).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/users/GetProfile', headers: me.headers })).statusCode).toBe(200);
  });

  it.each([
    ['no current password', { oldPassword: '' }, 'oldPassword', 'Please enter Current Password'],
    ['no new password', { newPassword: '' }, 'newPassword', 'Please enter a New Password'],
    ['no confirmation', { confirmPassword: '' }, 'confirmPassword', 'Please enter a Confirm Password'],
    ['a missing confirmation', { confirmPassword: undefined }, 'confirmPassword', 'Please enter a Confirm Password'],
    ['a new password under 8 characters', { newPassword: 'short', confirmPassword: 'short' }, 'newPassword', 'Password needs to be 8 characters or more'],
    ['a confirmation that differs', { confirmPassword: 'brand-new-pasz' }, 'confirmPassword', 'Passwords do not match'],
  ])('refuses %s with 400 and the message, leaving the password as it was', async (_case, overrides, field, message) => {
    const me = await signedInTeacher();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/UpdatePassword', headers: me.headers, payload: body(me.username, overrides) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toEqual([message]);
    expect((await signIn(me.username, 'current-pass-1')).statusCode).toBe(200);
  });

  it("refuses to change someone else's password even with the right current one", async () => {
    const me = await signedInTeacher();
    const other = await createUser(ctx.db, { password: 'current-pass-1' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/UpdatePassword', headers: me.headers, payload: body(other.username) });
    expect(res.statusCode).toBe(403);
    expect((await signIn(other.username, 'current-pass-1')).statusCode).toBe(200);
  });

  it('slows down guessing the current password: the 11th try within 15 minutes gets 429', async () => {
    const me = await signedInTeacher();
    for (let i = 0; i < 10; i++) {
      await ctx.app.inject({ method: 'POST', url: '/api/users/UpdatePassword', headers: me.headers, payload: body(me.username, { oldPassword: `guess-${i}-xx` }) });
    }
    const blocked = await ctx.app.inject({ method: 'POST', url: '/api/users/UpdatePassword', headers: me.headers, payload: body(me.username) });
    expect(blocked.statusCode).toBe(429);
  });
});

describe('GDPR consents', () => {
  it('lists every consent type for the caller and records a change', async () => {
    const me = await signedInTeacher();
    const initial = await ctx.app.inject({ url: '/api/users/GetGDPRConsentByUser', headers: me.headers });
    expect(initial.json()).toEqual([
      { code: 'EMAIL', name: 'Receive emails', consent: false },
      { code: 'PERSONAL', name: 'Processing personal data', consent: false },
      { code: 'MARKETING', name: 'Marketing data', consent: false },
      { code: 'SALES', name: 'Sales data', consent: false },
    ]);
    const on = await ctx.app.inject({ url: '/api/users/UpdateGDPR?GDPRCode=email&value=true', headers: me.headers });
    expect(on.statusCode).toBe(200);
    expect(on.json()[0]).toEqual({ code: 'EMAIL', name: 'Receive emails', consent: true });
    const off = await ctx.app.inject({ url: '/api/users/UpdateGDPR?GDPRCode=EMAIL&value=False', headers: me.headers });
    expect(off.json()[0].consent).toBe(false);
    expect(await ctx.db.selectFrom('gdprConsents').select('consent').where('userId', '=', me.userId).execute()).toEqual([{ consent: false }]);
  });

  it('refuses an unknown consent code or value, writing nothing', async () => {
    const me = await signedInTeacher();
    const before = await countRows(ctx.db, 'gdprConsents');
    const unknown = await ctx.app.inject({ url: '/api/users/UpdateGDPR?GDPRCode=CHOCOLATE&value=true', headers: me.headers });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown consent code');
    expect((await ctx.app.inject({ url: '/api/users/UpdateGDPR?GDPRCode=EMAIL&value=perhaps', headers: me.headers })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/users/UpdateGDPR?value=true', headers: me.headers })).statusCode).toBe(400);
    expect(await countRows(ctx.db, 'gdprConsents')).toBe(before);
  });

  it("reads consents by login: one's own, and anyone's for an admin", async () => {
    const me = await signedInTeacher();
    const other = await signedInTeacher();
    await ctx.app.inject({ url: '/api/users/UpdateGDPR?GDPRCode=SALES&value=true', headers: other.headers });
    const admin = await loginFor(ctx.app, ctx.db, 'CompanyAdmin', null);

    expect((await ctx.app.inject({ url: `/api/users/GetGDPRConsentByLogin?login=${me.username}`, headers: me.headers })).statusCode).toBe(200);
    const notYours = await ctx.app.inject({ url: `/api/users/GetGDPRConsentByLogin?login=${other.username}`, headers: me.headers });
    const unknown = await ctx.app.inject({ url: '/api/users/GetGDPRConsentByLogin?login=nobody-at-all', headers: me.headers });
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json()).toEqual(unknown.json());
    const asAdmin = await ctx.app.inject({ url: `/api/users/GetGDPRConsentByLogin?login=${other.username}`, headers: admin.headers });
    expect(asAdmin.json().find((c: { code: string }) => c.code === 'SALES')).toEqual({ code: 'SALES', name: 'Sales data', consent: true });
  });
});
