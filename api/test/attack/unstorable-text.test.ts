import { beforeAll, describe, expect, it } from 'vitest';
import { countRows, loginFor } from '../helpers/people-factories.js';
import { createCompany } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

// Found by the bad-input fuzz: a NUL character in any text reached PostgreSQL, which cannot store
// it, and came back as a 500. It is the sender's mistake: 400 with a readable message, nothing written.

const ctx = useTestApp();
let admin: Record<string, string>;

beforeAll(async () => {
  admin = (await loginFor(ctx.app, ctx.db, 'CompanyAdmin', null)).headers;
});

const BAD_CHARACTERS = { message: 'The request contains characters that cannot be stored (such as the NUL character)', code: 'BAD_CHARACTERS' };

describe('text PostgreSQL cannot store', () => {
  it('answers a sign-in whose username holds a NUL character with 400, not 500', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/authenticate', payload: { username: 'a\u0000b', password: 'whatever-1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(BAD_CHARACTERS);
  });

  it('answers a lookup by login holding a NUL character with 400', async () => {
    const res = await ctx.app.inject({ url: '/api/users/GetGDPRConsentByLogin?login=a%00b', headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(BAD_CHARACTERS);
  });

  it('refuses a new student whose name holds a NUL character and creates nobody', async () => {
    const { companyId } = await createCompany(ctx.db);
    const before = await countRows(ctx.db, 'students');
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/students/upsert', headers: admin,
      payload: { firstName: 'Nul\u0000l', lastName: 'Byte', email: 'nul.byte@example.test', companyId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(BAD_CHARACTERS);
    expect(await countRows(ctx.db, 'students')).toBe(before);
  });
});
