import type { Address, Company, CompanyForm, Contact } from '@rollbook/shared-types/companies';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/database.js';

/** Used by a course, room or student: such a company can not be deleted. */
export const inUseSql = sql<boolean>`(exists (select 1 from courses where courses.company_id = companies.company_id)
  or exists (select 1 from rooms where rooms.company_id = companies.company_id)
  or exists (select 1 from students where students.company_id = companies.company_id))`;

const NO_CONTACT: Contact = { contactId: null, name: null, jobTitle: null, mobile: null, landline: null, email: null };

export async function findCompany(db: Kysely<DB>, companyId: number): Promise<Company | undefined> {
  const company = await db.selectFrom('companies')
    .leftJoin('companyAddresses', (join) => join.onRef('companyAddresses.companyId', '=', 'companies.companyId').on('companyAddresses.isPrimary', '=', true))
    .select([
      'companies.companyId', 'companies.name', 'companies.code', 'companyAddresses.addressId', 'companyAddresses.address1 as address',
      'companyAddresses.address2', 'companyAddresses.town', 'companyAddresses.county', 'companyAddresses.postCode', inUseSql.as('inUse'),
    ])
    .where('companies.companyId', '=', companyId)
    .executeTakeFirst();
  if (!company) return undefined;
  const contacts = await db.selectFrom('companyContacts')
    .select(['contactId', 'kind', 'name', 'jobTitle', 'mobile', 'landline', 'email'])
    .where('companyId', '=', companyId).execute();
  const contact = (kind: string) => {
    const found = contacts.find((c) => c.kind === kind);
    return found ? { contactId: found.contactId, name: found.name, jobTitle: found.jobTitle, mobile: found.mobile, landline: found.landline, email: found.email } : NO_CONTACT;
  };
  return { ...company, primaryContact: contact('primary'), secondaryContact: contact('secondary') };
}

export async function codeTakenByOther(db: Kysely<DB>, code: string, companyId: number): Promise<boolean> {
  const row = await db.selectFrom('companies').select('companyId')
    .where(sql<string>`upper(code)`, '=', code.toUpperCase()).where('companyId', '<>', companyId).executeTakeFirst();
  return row !== undefined;
}

/** Saves the company, its primary address and its contacts; returns the company id. */
export async function saveCompany(db: Kysely<DB>, companyId: number, form: CompanyForm): Promise<number | undefined> {
  let id = companyId;
  if (id > 0) {
    const updated = await db.updateTable('companies').set({ name: form.name, code: form.code }).where('companyId', '=', id).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return undefined;
  } else {
    id = (await db.insertInto('companies').values({ name: form.name, code: form.code }).returning('companyId').executeTakeFirstOrThrow()).companyId;
  }
  const primary = await db.selectFrom('companyAddresses').select('addressId').where('companyId', '=', id).where('isPrimary', '=', true).executeTakeFirst();
  if (primary) await db.updateTable('companyAddresses').set(form.address).where('addressId', '=', primary.addressId).execute();
  else await db.insertInto('companyAddresses').values({ ...form.address, companyId: id, isPrimary: true }).execute();

  for (const [kind, contact] of [['primary', form.primaryContact], ['secondary', form.secondaryContact]] as const) {
    if (contact === null) {
      await db.deleteFrom('companyContacts').where('companyId', '=', id).where('kind', '=', kind).execute();
    } else {
      await db.insertInto('companyContacts').values({ ...contact, companyId: id, kind })
        .onConflict((oc) => oc.columns(['companyId', 'kind']).doUpdateSet(contact)).execute();
    }
  }
  return id;
}

export async function companyInUse(db: Kysely<DB>, companyId: number): Promise<boolean | undefined> {
  const row = await db.selectFrom('companies').select(inUseSql.as('inUse')).where('companyId', '=', companyId).executeTakeFirst();
  return row?.inUse;
}

function selectAddresses(db: Kysely<DB>) {
  return db.selectFrom('companyAddresses').select([
    'addressId', 'companyId', 'isPrimary as primaryAddress', 'address1', 'address2', 'town', 'county', 'postCode',
    sql<string>`concat_ws(', ', address1, address2, town, post_code)`.as('address'),
  ]);
}

export const findAddress = (db: Kysely<DB>, addressId: number): Promise<Address | undefined> =>
  selectAddresses(db).where('addressId', '=', addressId).executeTakeFirst();

export function listAddresses(db: Kysely<DB>, companyId: number, onlySecondary: boolean): Promise<Address[]> {
  let q = selectAddresses(db).where('companyId', '=', companyId);
  if (onlySecondary) q = q.where('isPrimary', '=', false);
  return q.orderBy('isPrimary', 'desc').orderBy('address1').orderBy('addressId').execute();
}

export async function addressInUse(db: Kysely<DB>, addressId: number): Promise<boolean> {
  return (await db.selectFrom('courses').select('courseId').where('addressId', '=', addressId).limit(1).executeTakeFirst()) !== undefined;
}
