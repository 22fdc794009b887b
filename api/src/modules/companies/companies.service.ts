import {
  COMPANY_DEFAULT_SORT, COMPANY_MESSAGES, COMPANY_PAGE_SIZE, validateAddressForm, validateCompanyForm, type Address, type AddressUpsertRequest, type Company,
  type CompanyListItem, type CompanyListQuery, type CompanyPage, type CompanyUpsertRequest,
} from '@rollbook/shared-types/companies';
import type { Db } from '../../db/create-db.js';
import { badRequest, notFound, ruleViolation } from '../../lib/app-error.js';
import { pageInfo, pageRequest } from '../../lib/list-page.js';
import { addressInUse, codeTakenByOther, companyInUse, findAddress, findCompany, saveCompany } from './companies.repository.js';
import { listCompanies, pageCompanies } from './company-list.repository.js';

const firstMessage = (errors: Record<string, string[]>) => Object.values(errors)[0]?.[0] ?? 'Please check the company details';
const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/**
 * GetAll. With page or pageSize (the companies screen): one page in the asked order with the total
 * of every match. Without them (the pickers, older clients): every match as a bare array, by name.
 */
export async function getCompanyList(db: Db, q: CompanyListQuery): Promise<CompanyListItem[] | CompanyPage> {
  const p = pageRequest(q, { sort: COMPANY_DEFAULT_SORT, pageSize: COMPANY_PAGE_SIZE });
  if (!p.paged) return listCompanies(db, { q: q.q }, p);
  const { companies, total } = await pageCompanies(db, { q: q.q }, p);
  return { companies, ...pageInfo(p, total) };
}

export async function getCompany(db: Db, companyId: number): Promise<Company> {
  const company = await findCompany(db, companyId);
  if (!company) throw notFound('Company not found');
  return company;
}

/** Saves the company form; the code is unique whatever its case. */
export async function upsertCompany(db: Db, body: CompanyUpsertRequest): Promise<Company> {
  const checked = validateCompanyForm(body);
  if (!checked.value) throw badRequest(firstMessage(checked.fieldErrors), checked.fieldErrors);
  const form = checked.value;
  const taken = () => badRequest(COMPANY_MESSAGES.codeTaken, { code: [COMPANY_MESSAGES.codeTaken] });
  let companyId: number | undefined;
  try {
    companyId = await db.transaction().execute(async (trx) => {
      if (await codeTakenByOther(trx, form.code, body.companyId ?? 0)) throw taken();
      return saveCompany(trx, body.companyId ?? 0, form);
    });
  } catch (err) {
    // Two saves racing for one code: the unique index decides, the loser gets the same message.
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  if (companyId === undefined) throw notFound('Company not found');
  return getCompany(db, companyId);
}

export async function deleteCompany(db: Db, companyId: number): Promise<{ deleted: boolean }> {
  return db.transaction().execute(async (trx) => {
    const inUse = await companyInUse(trx, companyId);
    if (inUse === undefined) throw notFound('Company not found');
    if (inUse) throw ruleViolation(COMPANY_MESSAGES.inUse, 'COMPANY_IN_USE');
    await trx.deleteFrom('companies').where('companyId', '=', companyId).execute();
    return { deleted: true };
  });
}

export async function getAddress(db: Db, addressId: number): Promise<Address> {
  const address = await findAddress(db, addressId);
  if (!address) throw notFound('Address not found');
  return address;
}

/** Adds or changes a secondary address (the primary one is saved with the company form). */
export async function upsertAddress(db: Db, body: AddressUpsertRequest): Promise<Address> {
  const checked = validateAddressForm(body);
  if (!checked.value) throw badRequest(firstMessage(checked.fieldErrors), checked.fieldErrors);
  const company = await db.selectFrom('companies').select('companyId').where('companyId', '=', body.companyId).executeTakeFirst();
  if (!company) throw notFound('Company not found');
  let addressId = body.addressId ?? 0;
  if (addressId > 0) {
    const updated = await db.updateTable('companyAddresses').set(checked.value)
      .where('addressId', '=', addressId).where('companyId', '=', body.companyId).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw notFound('Address not found');
  } else {
    addressId = (await db.insertInto('companyAddresses').values({ ...checked.value, companyId: body.companyId, isPrimary: false })
      .returning('addressId').executeTakeFirstOrThrow()).addressId;
  }
  return getAddress(db, addressId);
}

export async function deleteAddress(db: Db, addressId: number): Promise<{ deleted: boolean }> {
  return db.transaction().execute(async (trx) => {
    const address = await findAddress(trx, addressId);
    if (!address) throw notFound('Address not found');
    if (address.primaryAddress) throw ruleViolation(COMPANY_MESSAGES.primaryAddress, 'PRIMARY_ADDRESS');
    if (await addressInUse(trx, addressId)) throw ruleViolation(COMPANY_MESSAGES.addressInUse, 'ADDRESS_IN_USE');
    await trx.deleteFrom('companyAddresses').where('addressId', '=', addressId).execute();
    return { deleted: true };
  });
}
