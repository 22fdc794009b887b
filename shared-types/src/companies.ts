import { z } from 'zod';
import { QueryBooleanSchema } from './common.js';
import { BodyIdOrZeroSchema, BodyIdSchema, IdFilterSchema, IdSchema } from './integers.js';
import { DEFAULT_PAGE_SIZE, pageQueryShape, pageResponseSchema, SearchTextSchema } from './list-page.js';

// Companies (spec §2.8): a primary address and contacts, any number of secondary addresses.

export const COMPANY_MESSAGES = {
  name: 'Please enter a company name',
  code: 'Please enter a company code',
  codeFormat: 'The code can only have letters, numbers and hyphens (at most 20)',
  codeTaken: 'This code is already used by another company',
  address: 'Please enter an address',
  town: 'Please enter a town',
  postCode: 'Please enter a post code',
  contactName: 'Please enter a contact name',
  jobTitle: 'Please enter a job title',
  email: 'Please enter a valid email address',
  mobile: 'Please enter a valid mobile number',
  landline: 'Please enter a valid landline number',
  inUse: 'This company is used by courses, rooms or students and can not be deleted',
  primaryAddress: 'The primary address can not be removed',
  addressInUse: 'This address is used by a course and can not be removed',
} as const;

export const ContactSchema = z.object({
  contactId: z.number().int().nullable(),
  name: z.string().nullable(),
  jobTitle: z.string().nullable(),
  mobile: z.string().nullable(),
  landline: z.string().nullable(),
  email: z.string().nullable(),
});
export type Contact = z.infer<typeof ContactSchema>;

export const AddressSchema = z.object({
  addressId: z.number().int(),
  companyId: z.number().int(),
  primaryAddress: z.boolean(),
  address1: z.string(),
  address2: z.string().nullable(),
  town: z.string().nullable(),
  county: z.string().nullable(),
  postCode: z.string().nullable(),
  /** One line for lists: "address1, address2, town, postCode". */
  address: z.string(),
});
export type Address = z.infer<typeof AddressSchema>;
export const AddressListSchema = z.array(AddressSchema);

/** A company in the companies list and pickers (GetAll). */
export const CompanyListItemSchema = z.object({
  companyId: z.number().int(),
  name: z.string(),
  code: z.string(),
  town: z.string().nullable(),
  postCode: z.string().nullable(),
  inUse: z.boolean(),
});
export type CompanyListItem = z.infer<typeof CompanyListItemSchema>;
export const CompanyListSchema = z.array(CompanyListItemSchema);

/** The companies list's sort keys: its visible columns (default name, A to Z). */
export const COMPANY_SORT_KEYS = ['name', 'code', 'town', 'postCode'] as const;
export type CompanySortKey = (typeof COMPANY_SORT_KEYS)[number];
export const COMPANY_DEFAULT_SORT = 'name' satisfies CompanySortKey;
/** The spec names no page size for companies. */
export const COMPANY_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/**
 * GET /api/companies/GetAll. Without page or pageSize (the pickers, older clients): every company
 * matching `q`, by name, as a bare array. With them: one page as CompanyPage.
 */
export const CompanyListQuerySchema = z.object(pageQueryShape(COMPANY_SORT_KEYS)).extend({
  /** Part of the name, code, town or post code (any case). */
  q: SearchTextSchema.optional(),
});
export type CompanyListQuery = z.infer<typeof CompanyListQuerySchema>;

export const CompanyPageSchema = pageResponseSchema('companies', CompanyListItemSchema);
export type CompanyPage = z.infer<typeof CompanyPageSchema>;
/** GetAll's answer: the bare list (no paging asked) or one page. */
export const CompanyListResponseSchema = z.union([CompanyListSchema, CompanyPageSchema]);

export const CompanySchema = z.object({
  companyId: z.number().int(),
  name: z.string(),
  code: z.string(),
  /** The primary address, flattened as the form shows it. */
  addressId: z.number().int().nullable(),
  address: z.string().nullable(),
  address2: z.string().nullable(),
  town: z.string().nullable(),
  county: z.string().nullable(),
  postCode: z.string().nullable(),
  inUse: z.boolean(),
  primaryContact: ContactSchema,
  secondaryContact: ContactSchema,
});
export type Company = z.infer<typeof CompanySchema>;

const Text = z.string().max(500).nullable().optional();
const ContactInput = z.object({ name: Text, jobTitle: Text, mobile: Text, landline: Text, email: Text }).nullable().optional();

/** The company form. Loose on purpose: validateCompanyForm gives each field its message. */
export const CompanyUpsertRequestSchema = z.object({
  /** Absent or 0 creates a company. */
  companyId: BodyIdOrZeroSchema,
  name: Text,
  code: Text,
  address: Text,
  address2: Text,
  town: Text,
  county: Text,
  postCode: Text,
  primaryContact: ContactInput,
  secondaryContact: ContactInput,
});
export type CompanyUpsertRequest = z.infer<typeof CompanyUpsertRequestSchema>;

export const AddressUpsertRequestSchema = z.object({
  addressId: BodyIdOrZeroSchema,
  companyId: BodyIdSchema,
  address: Text,
  address2: Text,
  town: Text,
  county: Text,
  postCode: Text,
});
export type AddressUpsertRequest = z.infer<typeof AddressUpsertRequestSchema>;

export type FormResult<T> = { value: T; fieldErrors?: undefined } | { value?: undefined; fieldErrors: Record<string, string[]> };

type ContactValue = { name: string | null; jobTitle: string | null; mobile: string | null; landline: string | null; email: string | null };
export interface CompanyForm {
  name: string;
  code: string;
  address: { address1: string; address2: string | null; town: string; county: string | null; postCode: string };
  primaryContact: ContactValue;
  secondaryContact: ContactValue | null;
}

const clean = (v: string | null | undefined) => (v ?? '').trim() || null;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Digits with the usual separators and an optional leading +, 7 to 15 digits in all.
const isPhone = (v: string) => /^\+?[0-9 ()-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7 && (v.match(/\d/g)?.length ?? 0) <= 15;

function checkContact(input: z.infer<typeof ContactInput>, prefix: string, required: boolean, fail: (f: string, m: string) => void): ContactValue | null {
  const c = { name: clean(input?.name), jobTitle: clean(input?.jobTitle), mobile: clean(input?.mobile), landline: clean(input?.landline), email: clean(input?.email) };
  const empty = Object.values(c).every((v) => v === null);
  if (empty && !required) return null;
  if (!c.name) fail(`${prefix}.name`, COMPANY_MESSAGES.contactName);
  if (!c.jobTitle) fail(`${prefix}.jobTitle`, COMPANY_MESSAGES.jobTitle);
  if (c.email && !EMAIL.test(c.email)) fail(`${prefix}.email`, COMPANY_MESSAGES.email);
  if (c.mobile && !isPhone(c.mobile)) fail(`${prefix}.mobile`, COMPANY_MESSAGES.mobile);
  if (c.landline && !isPhone(c.landline)) fail(`${prefix}.landline`, COMPANY_MESSAGES.landline);
  return c;
}

function checkAddress(input: { address?: string | null; address2?: string | null; town?: string | null; county?: string | null; postCode?: string | null }, fail: (f: string, m: string) => void) {
  const address1 = clean(input.address);
  const town = clean(input.town);
  const postCode = clean(input.postCode)?.toUpperCase() ?? null;
  if (!address1) fail('address', COMPANY_MESSAGES.address);
  if (!town) fail('town', COMPANY_MESSAGES.town);
  if (!postCode) fail('postCode', COMPANY_MESSAGES.postCode);
  return { address1: address1 ?? '', address2: clean(input.address2), town: town ?? '', county: clean(input.county), postCode: postCode ?? '' };
}

/** Required: name, code, primary address (address, town, post code) and the primary contact's name and job title. */
export function validateCompanyForm(input: CompanyUpsertRequest): FormResult<CompanyForm> {
  const fieldErrors: Record<string, string[]> = {};
  const fail = (f: string, m: string) => void (fieldErrors[f] ??= []).push(m);
  const name = clean(input.name);
  if (!name) fail('name', COMPANY_MESSAGES.name);
  const code = clean(input.code)?.toUpperCase() ?? null;
  if (!code) fail('code', COMPANY_MESSAGES.code);
  else if (!/^[A-Z0-9-]{1,20}$/.test(code)) fail('code', COMPANY_MESSAGES.codeFormat);
  const address = checkAddress(input, fail);
  const primaryContact = checkContact(input.primaryContact, 'primaryContact', true, fail) as ContactValue;
  const secondaryContact = checkContact(input.secondaryContact, 'secondaryContact', false, fail);
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors };
  return { value: { name: name as string, code: code as string, address, primaryContact, secondaryContact } };
}

export function validateAddressForm(input: AddressUpsertRequest): FormResult<CompanyForm['address']> {
  const fieldErrors: Record<string, string[]> = {};
  const value = checkAddress(input, (f, m) => void (fieldErrors[f] ??= []).push(m));
  return Object.keys(fieldErrors).length > 0 ? { fieldErrors } : { value };
}

/** addressId is read and not used (the spec lists it); -1 or 0 as "none" are still taken. */
export const CompanyByIdQuerySchema = z.object({ id: IdSchema, addressId: IdFilterSchema });
export const AddressIdQuerySchema = z.object({ addressId: IdSchema });
export const AddressesByCompanyQuerySchema = z.object({ companyId: IdSchema, onlySecondary: QueryBooleanSchema.optional() });
export const CompanyDeleteResponseSchema = z.object({ deleted: z.boolean() });
