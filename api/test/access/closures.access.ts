import type { AccessCase, AccessContext } from './access-case.js';
import { onlyFor } from './access-case.js';

// Closures and bank holidays: the school's own list, the admin's alone.

const ADMIN_ONLY = onlyFor('admin');

const newClosure = async (ctx: AccessContext) => {
  const row = await ctx.db.insertInto('closures').values({ name: 'Access closure', startsOn: '2031-08-01', endsOn: '2031-08-02' })
    .returning('closureId').executeTakeFirstOrThrow();
  return row.closureId;
};

export const cases: AccessCase[] = [
  { method: 'GET', route: '/api/closures/getall', expect: ADMIN_ONLY, request: async () => ({ url: '/api/closures/getall' }) },
  { method: 'GET', route: '/api/closures/getbyid', expect: ADMIN_ONLY, request: async (ctx) => ({ url: `/api/closures/getbyid?id=${await newClosure(ctx)}` }) },
  { method: 'POST', route: '/api/closures/upsert', expect: ADMIN_ONLY, request: async () => ({ url: '/api/closures/upsert', payload: { name: 'Staff training', fromDateString: '4/8/2031' } }) },
  { method: 'POST', route: '/api/closures/preview', expect: ADMIN_ONLY, request: async () => ({ url: '/api/closures/preview', payload: { name: 'Staff training', fromDateString: '5/8/2031' } }) },
  { method: 'POST', route: '/api/closures/delete', expect: ADMIN_ONLY, request: async (ctx) => ({ url: '/api/closures/delete', payload: { closureId: await newClosure(ctx) } }) },
];
