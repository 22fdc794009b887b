import { createSigner } from 'fast-jwt';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSchool } from '../../src/seed/demo-school.js';
import { buildTestApp, TEST_JWT_SECRET } from '../helpers/test-app.js';
import { createTestDb, type TestDb } from '../helpers/test-db.js';
import { CALLERS, type AccessCase, type AccessContext, type Caller, type SignedInCaller } from './access-case.js';

// Every API route × every kind of caller. Cases live beside this file in <feature>.access.ts; a
// route the app registers without a case fails here, so no route ships without an access rule.
const modules = import.meta.glob<{ cases: AccessCase[] }>('./*.access.ts', { eager: true });
const allCases = Object.values(modules).flatMap((m) => m.cases);

let testDb: TestDb;
let app: FastifyInstance;
let ctx: AccessContext;
const tokens = {} as Record<Caller, string | null>;

beforeAll(async () => {
  testDb = await createTestDb();
  await seedDemoSchool(testDb.db, { scale: 1 });
  app = await buildTestApp(testDb.db);

  const users = await testDb.db
    .selectFrom('users')
    .innerJoin('userRoles', 'userRoles.userId', 'users.userId')
    .select(['users.userId', 'users.username', 'userRoles.role', 'userRoles.entityId'])
    .where('users.username', 'in', ['admin', 'teacher', 'teacher2', 'student'])
    .execute();
  const byName = (name: SignedInCaller) => {
    const user = users.find((u) => u.username === name);
    if (!user) throw new Error(`demo user ${name} missing`);
    return user;
  };
  ctx = {
    db: testDb.db,
    adminUserId: byName('admin').userId,
    teacherId: byName('teacher').entityId as number,
    teacher2Id: byName('teacher2').entityId as number,
    studentId: byName('student').entityId as number,
    userIds: { admin: byName('admin').userId, teacher: byName('teacher').userId, teacher2: byName('teacher2').userId, student: byName('student').userId },
  };
  for (const name of ['admin', 'teacher', 'teacher2', 'student'] as const) {
    const user = byName(name);
    tokens[name] = app.signToken({ sub: String(user.userId), roles: [{ name: user.role as 'Teacher', entityId: user.entityId }] });
  }
  const adminClaims = { sub: String(ctx.adminUserId), roles: [{ name: 'CompanyAdmin', entityId: null }] };
  tokens.anonymous = null;
  tokens.expired = createSigner({ key: TEST_JWT_SECRET, expiresIn: 1000, clockTimestamp: Date.now() - 3_600_000 })(adminClaims);
  tokens.forged = createSigner({ key: 'a-different-secret-a-different-secret', expiresIn: 3_600_000 })(adminClaims);
});

afterAll(async () => {
  await app?.close();
  await testDb?.close();
});

const key = (method: string, url: string) => `${method} ${url.toLowerCase()}`;

describe('access matrix', () => {
  it('has an access case for every API route', () => {
    const covered = new Set(allCases.map((c) => key(c.method, c.route)));
    const missing = app.routeCatalog.filter((r) => !covered.has(key(r.method, r.url))).map((r) => key(r.method, r.url));
    expect(missing).toEqual([]);
  });

  it('has no case for a route that does not exist', () => {
    const routes = new Set(app.routeCatalog.map((r) => key(r.method, r.url)));
    expect(allCases.filter((c) => !routes.has(key(c.method, c.route))).map((c) => key(c.method, c.route))).toEqual([]);
  });

  it('declares roles on every protected route', () => {
    expect(app.routeCatalog.filter((r) => !r.public && r.roles.length === 0).map((r) => key(r.method, r.url))).toEqual([]);
  });

  for (const c of allCases) {
    describe(`${c.method} ${c.route}${c.label ? ` (${c.label})` : ''}`, () => {
      for (const caller of CALLERS) {
        const expected = caller === 'anonymous' || caller === 'expired' || caller === 'forged'
          ? (c.public ? c.expect.admin : 401)
          : c.expect[caller];
        it(`answers ${caller} with ${JSON.stringify(expected)}`, async () => {
          const { url, payload } = await c.request(ctx, caller);
          const token = tokens[caller];
          const res = await app.inject({
            method: c.method,
            url,
            ...(payload !== undefined ? { payload: payload as object } : {}),
            headers: token ? { authorization: `Bearer ${token}` } : {},
            remoteAddress: `10.50.${CALLERS.indexOf(caller)}.${Math.floor(Math.random() * 250)}`,
          });
          const accepted = Array.isArray(expected) ? expected : [expected];
          expect(accepted, `${res.statusCode}: ${res.body.slice(0, 300)}`).toContain(res.statusCode);
        });
      }
    });
  }
});
