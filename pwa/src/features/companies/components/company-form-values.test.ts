import { describe, expect, it } from 'vitest';
import { checkCompanyForm, NEW_COMPANY, type CompanyFormValues } from './company-form-values';

const valid: CompanyFormValues = {
  ...NEW_COMPANY, name: 'Initech', code: 'INI', address: '1 High St', town: 'Leeds', postCode: 'LS1 1AA',
  primaryContact: { name: 'Bill', jobTitle: 'Director', mobile: '', landline: '', email: '' },
};

describe('company form', () => {
  it('gives every required field its message at once', () => {
    expect(checkCompanyForm(NEW_COMPANY, null).fieldErrors).toEqual({
      name: ['Please enter a company name'],
      code: ['Please enter a company code'],
      address: ['Please enter an address'],
      town: ['Please enter a town'],
      postCode: ['Please enter a post code'],
      'primaryContact.name': ['Please enter a contact name'],
      'primaryContact.jobTitle': ['Please enter a job title'],
    });
  });

  it('checks contact details only when given, and a secondary contact only when started', () => {
    const result = checkCompanyForm({ ...valid, primaryContact: { ...valid.primaryContact, email: 'bill@', mobile: '12' }, secondaryContact: { ...NEW_COMPANY.secondaryContact, email: 'x@y.z' } }, 3);
    expect(result.fieldErrors).toEqual({
      'primaryContact.email': ['Please enter a valid email address'],
      'primaryContact.mobile': ['Please enter a valid mobile number'],
      'secondaryContact.name': ['Please enter a contact name'],
      'secondaryContact.jobTitle': ['Please enter a job title'],
    });
  });

  it('sends a valid company with its id', () => {
    expect(checkCompanyForm(valid, 3).request).toMatchObject({ companyId: 3, name: 'Initech', code: 'INI' });
  });
});
