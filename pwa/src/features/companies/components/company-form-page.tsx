import { IonSpinner } from '@ionic/react';
import { useParams } from 'react-router-dom';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { errorMessage } from '../../../components/form-fields/field-errors';
import { useCompany } from '../api/get-company';
import { CompanyForm } from './company-form';
import { SecondaryAddresses } from './secondary-addresses';
import '../../../components/scheduling/scheduling.css';

/** /companiesform and /companiesform/:id: the company, its contacts and its other addresses. */
export default function CompanyFormPage() {
  const { id } = useParams<{ id?: string }>();
  const parsed = Number(id);
  const companyId = Number.isInteger(parsed) && parsed > 0 ? parsed : null;
  const company = useCompany(companyId);
  const isNew = companyId === null;
  return (
    <SignedInPage title="Company">
      {!isNew && company.isPending && <IonSpinner aria-label="Loading company" />}
      {!isNew && company.isError && <p className="sched-inline-error" role="alert">{errorMessage(company.error)}</p>}
      {(isNew || company.data) && <CompanyForm key={companyId ?? 'new'} company={company.data ?? null} />}
      {companyId !== null && company.data && <SecondaryAddresses companyId={companyId} />}
    </SignedInPage>
  );
}
