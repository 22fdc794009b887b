import { beforeAll, describe, expect, it } from 'vitest';
import { createCast, createCompany, createCourse, type Cast } from '../helpers/scheduling-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let cast: Cast;

beforeAll(async () => {
  cast = await createCast(ctx.db, ctx.app);
});

const post = (url: string, payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url, headers: cast.headers.admin, payload });
const get = (url: string) => ctx.app.inject({ url, headers: cast.headers.admin });
const form = (code: string) => ({
  name: 'Umbrella Corp', code, address: '1 Hive Road', address2: 'Floor 2', town: 'Raccoon', postCode: 'rc1 1aa',
  primaryContact: { name: 'Alice', jobTitle: 'Head of HR', email: 'alice@umbrella.test', mobile: '07700 900123' },
});

describe('POST /api/companies/upsert', () => {
  it('creates a company with its primary address and contact, code in capitals', async () => {
    const res = await post('/api/companies/upsert', form('umb-1'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Umbrella Corp', code: 'UMB-1', address: '1 Hive Road', address2: 'Floor 2', town: 'Raccoon', postCode: 'RC1 1AA', inUse: false,
      primaryContact: { name: 'Alice', jobTitle: 'Head of HR', email: 'alice@umbrella.test', mobile: '07700 900123' },
      secondaryContact: { contactId: null, name: null },
    });
  });

  it('updates the company, its address and contacts in place', async () => {
    const created = (await post('/api/companies/upsert', form('UMB-2'))).json();
    const res = await post('/api/companies/upsert', { ...form('UMB-2'), companyId: created.companyId, town: 'Gotham', secondaryContact: { name: 'Bob', jobTitle: 'Buyer' } });
    expect(res.json()).toMatchObject({ companyId: created.companyId, addressId: created.addressId, town: 'Gotham', secondaryContact: { name: 'Bob', jobTitle: 'Buyer' } });
  });

  it('gives every field its message', async () => {
    const res = await post('/api/companies/upsert', { primaryContact: { email: 'not-an-email', mobile: 'call me', landline: '12' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a company name');
    expect(res.json().fieldErrors).toEqual({
      name: ['Please enter a company name'],
      code: ['Please enter a company code'],
      address: ['Please enter an address'],
      town: ['Please enter a town'],
      postCode: ['Please enter a post code'],
      'primaryContact.name': ['Please enter a contact name'],
      'primaryContact.jobTitle': ['Please enter a job title'],
      'primaryContact.email': ['Please enter a valid email address'],
      'primaryContact.mobile': ['Please enter a valid mobile number'],
      'primaryContact.landline': ['Please enter a valid landline number'],
    });
  });

  it('refuses a code with spaces and a code another company has, whatever its case', async () => {
    expect((await post('/api/companies/upsert', form('HAS SPACE'))).json().fieldErrors).toEqual({ code: ['The code can only have letters, numbers and hyphens (at most 20)'] });
    await post('/api/companies/upsert', form('TAKEN'));
    const res = await post('/api/companies/upsert', form('taken'));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ code: ['This code is already used by another company'] });
  });
});

describe('deleting companies and addresses', () => {
  it('deletes an unused company and refuses one a course uses', async () => {
    const unused = await createCompany(ctx.db);
    expect((await get(`/api/companies/delete?id=${unused.companyId}`)).json()).toEqual({ deleted: true });
    const used = await createCompany(ctx.db);
    await createCourse(ctx.db, { companyId: used.companyId });
    const res = await get(`/api/companies/delete?id=${used.companyId}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This company is used by courses, rooms or students and can not be deleted');
  });

  it('adds, lists, reads and deletes secondary addresses, but never the primary one', async () => {
    const { companyId, addressId: primaryId } = await createCompany(ctx.db);
    const added = await post('/api/companies/UpsertCompanyAddress', { companyId, address: '9 Annex Lane', town: 'Bath', postCode: 'BA1 1AA' });
    expect(added.json()).toMatchObject({ companyId, primaryAddress: false, address: '9 Annex Lane, Bath, BA1 1AA' });
    const secondaryId = added.json().addressId;
    expect((await get(`/api/companies/GetAllByCompanyId?companyId=${companyId}&onlySecondary=true`)).json().map((a: { addressId: number }) => a.addressId)).toEqual([secondaryId]);
    expect((await get(`/api/companies/GetAllByCompanyId?companyId=${companyId}`)).json().map((a: { addressId: number }) => a.addressId)).toEqual([primaryId, secondaryId]);
    expect((await get(`/api/companies/GetAddressById?addressId=${secondaryId}`)).json().town).toBe('Bath');
    expect((await get(`/api/companies/DeleteCompanyAddress?addressId=${primaryId}`)).json().message).toBe('The primary address can not be removed');
    expect((await get(`/api/companies/DeleteCompanyAddress?addressId=${secondaryId}`)).json()).toEqual({ deleted: true });
  });

  it('refuses to delete an address a course uses', async () => {
    const { companyId } = await createCompany(ctx.db);
    const { addressId } = await ctx.db.insertInto('companyAddresses').values({ companyId, address1: 'Site B' }).returning('addressId').executeTakeFirstOrThrow();
    const { courseId } = await createCourse(ctx.db, { companyId });
    await ctx.db.updateTable('courses').set({ addressId }).where('courseId', '=', courseId).execute();
    expect((await get(`/api/companies/DeleteCompanyAddress?addressId=${addressId}`)).json().message).toBe('This address is used by a course and can not be removed');
  });
});

describe('reading companies', () => {
  it('lists companies with code, town and whether they are in use', async () => {
    const { companyId } = await createCompany(ctx.db, { name: 'Aardvark Ltd' });
    const list = (await get('/api/companies/GetAll')).json();
    expect(list.find((c: { companyId: number }) => c.companyId === companyId)).toMatchObject({ name: 'Aardvark Ltd', town: 'London', inUse: false });
  });

  it('is for admins only', async () => {
    expect((await ctx.app.inject({ url: '/api/companies/GetAll', headers: cast.headers.teacher })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/companies/GetAll', headers: cast.headers.student })).statusCode).toBe(403);
  });
});
