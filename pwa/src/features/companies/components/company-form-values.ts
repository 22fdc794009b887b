import { validateCompanyForm, type Company, type CompanyUpsertRequest, type Contact } from '@rollbook/shared-types/companies';
import type { FieldErrors } from '../../../components/form-fields/field-errors';

export interface ContactValues {
  name: string;
  jobTitle: string;
  mobile: string;
  landline: string;
  email: string;
}

export interface CompanyFormValues {
  name: string;
  code: string;
  address: string;
  address2: string;
  town: string;
  county: string;
  postCode: string;
  primaryContact: ContactValues;
  secondaryContact: ContactValues;
}

export const COMPANY_SAVED = 'Company successfully saved';

const EMPTY_CONTACT: ContactValues = { name: '', jobTitle: '', mobile: '', landline: '', email: '' };
export const NEW_COMPANY: CompanyFormValues = {
  name: '', code: '', address: '', address2: '', town: '', county: '', postCode: '', primaryContact: EMPTY_CONTACT, secondaryContact: EMPTY_CONTACT,
};

const contactValues = (c: Contact): ContactValues => ({
  name: c.name ?? '', jobTitle: c.jobTitle ?? '', mobile: c.mobile ?? '', landline: c.landline ?? '', email: c.email ?? '',
});

export const formFromCompany = (company: Company): CompanyFormValues => ({
  name: company.name, code: company.code, address: company.address ?? '', address2: company.address2 ?? '', town: company.town ?? '',
  county: company.county ?? '', postCode: company.postCode ?? '',
  primaryContact: contactValues(company.primaryContact), secondaryContact: contactValues(company.secondaryContact),
});

export const sameCompanyValues = (a: CompanyFormValues, b: CompanyFormValues) => JSON.stringify(a) === JSON.stringify(b);

/** The contract's rules: name ('Please enter a company name'), code, primary address and contact. */
export function checkCompanyForm(values: CompanyFormValues, companyId: number | null): { request: CompanyUpsertRequest; fieldErrors?: undefined } | { request?: undefined; fieldErrors: FieldErrors } {
  const request: CompanyUpsertRequest = { companyId: companyId ?? 0, ...values };
  const result = validateCompanyForm(request);
  return result.fieldErrors ? { fieldErrors: result.fieldErrors } : { request };
}
