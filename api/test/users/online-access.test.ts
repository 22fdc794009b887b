import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { verifyPassword } from '../../src/lib/password.js';
import { createStudent, createUser } from '../helpers/factories.js';
import { countRows, createTeacherRecord, loginFor } from '../helpers/people-factories.js';
import { testConfig, useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let admin: { authorization: string };
let ip = 0;

beforeAll(async () => {
  admin = (await loginFor(ctx.app, ctx.db, 'CompanyAdmin', null)).headers;
});

const signIn = (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username, password }, remoteAddress: `10.60.0.${++ip}` });
const register = (query: string) => ctx.app.inject({ url: `/api/users/RegisterUser?${query}`, headers: admin });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET /api/users/RegisterUser', () => {
  it('gives a teacher a login named by their e-mail and answers the generated password once', async () => {
    const teacher = await createTeacherRecord(ctx.db, { firstName: 'Hannah', lastName: 'Wright', email: 'Hannah.Wright@school.test' });
    const res = await register(`id=${teacher.teacherId}&type=2`);
    expect(res.statusCode).toBe(200);
    const { userId, username, password } = res.json();
    expect(username).toBe('Hannah.Wright@school.test');
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);

    const user = await ctx.db.selectFrom('users').selectAll().where('userId', '=', userId).executeTakeFirstOrThrow();
    expect(user.passwordHash).not.toContain(password);
    expect(await verifyPassword(password, user.passwordHash)).toBe(true);
    expect(user).toMatchObject({ firstName: 'Hannah', lastName: 'Wright', email: 'Hannah.Wright@school.test', active: true });
    const roles = await ctx.db.selectFrom('userRoles').select(['role', 'entityId', 'sortOrder']).where('userId', '=', userId).execute();
    expect(roles).toEqual([{ role: 'Teacher', entityId: teacher.teacherId, sortOrder: 0 }]);

    const signedIn = await signIn('hannah.wright@school.test', password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ entityId: teacher.teacherId, roles: [{ name: 'Teacher', entityId: teacher.teacherId }] });
    const profile = await ctx.app.inject({ url: `/api/teachers/getteacherbyid?id=${teacher.teacherId}`, headers: { authorization: `Bearer ${signedIn.json().token}` } });
    expect(profile.json()).toMatchObject({ hasLogin: true, userId });
  });

  it('falls back to first.last (then first.last2) when the e-mail is already a username or missing', async () => {
    await createUser(ctx.db, { username: 'taken@school.test' });
    const a = await createTeacherRecord(ctx.db, { firstName: 'José', lastName: 'Núñez', email: 'taken@school.test' });
    const b = await createTeacherRecord(ctx.db, { firstName: 'Jose', lastName: 'Nunez', email: null });
    expect((await register(`id=${a.teacherId}&type=2`)).json().username).toBe('jose.nunez');
    expect((await register(`id=${b.teacherId}&type=2`)).json().username).toBe('jose.nunez2');
  });

  it('refuses a second login for the same person with 409', async () => {
    const teacher = await createTeacherRecord(ctx.db);
    await register(`id=${teacher.teacherId}&type=2`);
    const before = await countRows(ctx.db, 'users');
    const again = await register(`id=${teacher.teacherId}&type=2`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This person already has online access');
    expect(await countRows(ctx.db, 'users')).toBe(before);
  });

  it('lets the admin choose a student’s password (not answered back) or generates one', async () => {
    const chosen = await createStudent(ctx.db, { email: 'chosen@student.test' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/RegisterUser', payload: { id: chosen.studentId, type: 1, password: 'chosen-pass-1' }, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'chosen@student.test', password: null });
    expect((await signIn('chosen@student.test', 'chosen-pass-1')).json()).toMatchObject({ roles: [{ name: 'Student', entityId: chosen.studentId }] });

    const generated = await createStudent(ctx.db);
    const viaGet = await register(`id=${generated.studentId}&type=1`);
    expect(viaGet.json().password).toMatch(/^[A-Za-z0-9]{12}$/);
  });

  it.each([
    ['an empty password', 'password=', 'Password is empty'],
    ['a short password', 'password=short', 'Passwords must be 8 or more characters'],
  ])('refuses a student with %s and writes nothing', async (_case, query, message) => {
    const student = await createStudent(ctx.db);
    const before = await countRows(ctx.db, 'users');
    const res = await register(`id=${student.studentId}&type=1&${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.password).toEqual([message]);
    expect(await countRows(ctx.db, 'users')).toBe(before);
  });

  it('answers 404 for someone who does not exist and 400 for an unknown type', async () => {
    expect((await register('id=999999&type=2')).statusCode).toBe(404);
    expect((await register('id=1&type=3')).statusCode).toBe(400);
    expect((await register('type=2')).statusCode).toBe(400);
  });

  it('refuses a POST body of the wrong shape with 400 and creates no login', async () => {
    const student = await createStudent(ctx.db);
    const before = await countRows(ctx.db, 'users');
    for (const payload of [{ id: student.studentId, type: '1' }, { id: student.studentId }, { id: 'x', type: 1 }, { id: student.studentId, type: 1, password: 12345678 }, []]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/users/RegisterUser', payload, headers: admin });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await countRows(ctx.db, 'users')).toBe(before);
  });

  it('never writes a password to the log, neither a chosen one in the URL nor a generated one', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
    const logged = await buildApp({ config: testConfig(), db: ctx.db, logger: { level: 'trace', stream } });
    await logged.ready();
    try {
      const login = await loginFor(logged, ctx.db, 'CompanyAdmin', null);
      const student = await createStudent(ctx.db);
      const teacher = await createTeacherRecord(ctx.db);
      const chosen = await logged.inject({ url: `/api/users/RegisterUser?id=${student.studentId}&type=1&password=Secret-in-url-42`, headers: login.headers });
      expect(chosen.statusCode).toBe(200);
      const generated = (await logged.inject({ url: `/api/users/RegisterUser?id=${teacher.teacherId}&type=2`, headers: login.headers })).json().password;
      await logged.inject({ url: '/api/infra/GetVersionNumber?probe=visible' });
      const log = lines.join('');
      // URLs are logged in general (so their absence below means something) …
      expect(log).toContain('probe=visible');
      expect(log).not.toContain('Secret-in-url-42');
      expect(log).not.toContain(generated);
    } finally {
      await logged.close();
    }
  });
});

describe('GET /api/users/DeleteUser', () => {
  it("removes a teacher's access: their token stops working at once and sign-in is refused", async () => {
    const teacher = await createTeacherRecord(ctx.db);
    const { username, password } = (await register(`id=${teacher.teacherId}&type=2`)).json();
    const { token } = (await signIn(username, password)).json();
    const headers = { authorization: `Bearer ${token}` };
    expect((await ctx.app.inject({ url: `/api/teachers/getteacherbyid?id=${teacher.teacherId}`, headers })).statusCode).toBe(200);

    const res = await ctx.app.inject({ url: `/api/users/DeleteUser?id=${teacher.teacherId}&type=2`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hasLogin: false, message: 'Teacher access has been removed' });
    expect((await ctx.app.inject({ url: `/api/teachers/getteacherbyid?id=${teacher.teacherId}`, headers })).statusCode).toBe(401);
    expect((await signIn(username, password)).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: `/api/teachers/getteacherbyid?id=${teacher.teacherId}`, headers: admin })).json().hasLogin).toBe(false);
  });

  it('keeps the login (disabled) so history still names it, and granting again re-enables it with a new password', async () => {
    const teacher = await createTeacherRecord(ctx.db);
    const first = (await register(`id=${teacher.teacherId}&type=2`)).json();
    await ctx.app.inject({ url: `/api/users/DeleteUser?id=${teacher.teacherId}&type=2`, headers: admin });
    const row = await ctx.db.selectFrom('users').select('active').where('userId', '=', first.userId).executeTakeFirstOrThrow();
    expect(row.active).toBe(false);

    const again = (await register(`id=${teacher.teacherId}&type=2`)).json();
    expect(again).toMatchObject({ userId: first.userId, username: first.username });
    expect(again.password).not.toBe(first.password);
    expect((await signIn(first.username, first.password)).statusCode).toBe(401);
    expect((await signIn(again.username, again.password)).statusCode).toBe(200);
  });

  it('takes only the Teacher role from a login that is also an admin, ending its sessions', async () => {
    const teacher = await createTeacherRecord(ctx.db);
    const both = await createUser(ctx.db, { password: 'both-roles-1', roles: [{ name: 'CompanyAdmin', entityId: null }, { name: 'Teacher', entityId: teacher.teacherId }] });
    await ctx.db.updateTable('teachers').set({ userId: both.userId }).where('teacherId', '=', teacher.teacherId).execute();
    const { token } = (await signIn(both.username, 'both-roles-1')).json();
    // Tokens carry whole seconds: let the second pass so the old token is strictly older than the change.
    await sleep(1100);
    await ctx.app.inject({ url: `/api/users/DeleteUser?id=${teacher.teacherId}&type=2`, headers: admin });

    expect((await ctx.app.inject({ url: '/api/teachers/getall', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    const roles = await ctx.db.selectFrom('userRoles').select('role').where('userId', '=', both.userId).execute();
    expect(roles).toEqual([{ role: 'CompanyAdmin' }]);
    const again = await signIn(both.username, 'both-roles-1');
    expect(again.json().roles).toEqual([{ name: 'CompanyAdmin', entityId: null }]);
    const row = await ctx.db.selectFrom('teachers').select('userId').where('teacherId', '=', teacher.teacherId).executeTakeFirstOrThrow();
    expect(row.userId).toBeNull();
  });

  it('answers the same for someone without access, and 404 for someone who does not exist', async () => {
    const teacher = await createTeacherRecord(ctx.db);
    expect((await ctx.app.inject({ url: `/api/users/DeleteUser?id=${teacher.teacherId}&type=2`, headers: admin })).json().hasLogin).toBe(false);
    expect((await ctx.app.inject({ url: '/api/users/DeleteUser?id=999999&type=2', headers: admin })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/users/DeleteUser?id=1&type=9', headers: admin })).statusCode).toBe(400);
  });
});
