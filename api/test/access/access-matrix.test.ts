import { createSigner } from 'fast-jwt';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSchool, demoUsers } from '../helpers/demo-school.js';
import { TEST_JWT_SECRET, useTestApp } from '../helpers/test-app.js';
import { CALLERS, type AccessCase, type AccessContext, type Caller, type SignedInCaller } from './access-case.js';

// Every API route × every kind of caller. Cases live beside this file in <feature>.access.ts; a
// route the app registers without a case fails here, so no route ships without an access rule.
const modules = import.meta.glob<{ cases: AccessCase[] }>('./*.access.ts', { eager: true });
const allCases = Object.values(modules).flatMap((m) => m.cases);

const school = useTestApp({}, { seed: demoSchool });
let ctx: AccessContext;
const tokens = {} as Record<Caller, string | null>;

beforeAll(async () => {
  const users = await demoUsers(school.app, school.db, ['admin', 'teacher', 'teacher2', 'student'] satisfies SignedInCaller[]);
  ctx = {
    db: school.db,
    adminUserId: users.admin.userId,
    teacherId: users.teacher.entityId as number,
    teacher2Id: users.teacher2.entityId as number,
    studentId: users.student.entityId as number,
    userIds: { admin: users.admin.userId, teacher: users.teacher.userId, teacher2: users.teacher2.userId, student: users.student.userId },
  };
  for (const name of ['admin', 'teacher', 'teacher2', 'student'] as const) tokens[name] = users[name].token;
  const adminClaims = { sub: String(ctx.adminUserId), roles: [{ name: 'CompanyAdmin', entityId: null }] };
  tokens.anonymous = null;
  tokens.expired = createSigner({ key: TEST_JWT_SECRET, expiresIn: 1000, clockTimestamp: Date.now() - 3_600_000 })(adminClaims);
  tokens.forged = createSigner({ key: 'a-different-secret-a-different-secret', expiresIn: 3_600_000 })(adminClaims);
});

const key = (method: string, url: string) => `${method} ${url.toLowerCase()}`;

describe('access matrix', () => {
  it('has an access case for every API route', () => {
    const covered = new Set(allCases.map((c) => key(c.method, c.route)));
    const missing = school.app.routeCatalog.filter((r) => !covered.has(key(r.method, r.url))).map((r) => key(r.method, r.url));
    expect(missing).toEqual([]);
  });

  it('has no case for a route that does not exist', () => {
    const routes = new Set(school.app.routeCatalog.map((r) => key(r.method, r.url)));
    expect(allCases.filter((c) => !routes.has(key(c.method, c.route))).map((c) => key(c.method, c.route))).toEqual([]);
  });

  it('declares roles on every protected route', () => {
    expect(school.app.routeCatalog.filter((r) => !r.public && r.roles.length === 0).map((r) => key(r.method, r.url))).toEqual([]);
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
          const res = await school.app.inject({
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
