import { IonButton, IonSpinner } from '@ionic/react';
import type { Company } from '@rollbook/shared-types/companies';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify } from '../../../components/ui/notify';
import { useUnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { apiFieldErrors, errorMessage, type FieldErrors } from '../../../components/form-fields/field-errors';
import { useUpsertCompany } from '../api/upsert-company';
import { CompanyFields } from './company-fields';
import { checkCompanyForm, COMPANY_SAVED, formFromCompany, NEW_COMPANY, sameCompanyValues, type CompanyFormValues } from './company-form-values';

/** The company form; SAVE returns to /companies (spec §2.8). */
export function CompanyForm({ company }: { company: Company | null }) {
  const initial = useMemo(() => (company ? formFromCompany(company) : NEW_COMPANY), [company]);
  const [values, setValues] = useState<CompanyFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const upsert = useUpsertCompany();
  const notify = useNotify();
  const navigate = useNavigate();
  const { dialog } = useUnsavedChangesGuard({ when: !sameCompanyValues(values, initial), onDiscard: () => setValues(initial) });

  const save = () => {
    if (upsert.isPending) return;
    const checked = checkCompanyForm(values, company?.companyId ?? null);
    setErrors(checked.fieldErrors ?? {});
    if (!checked.request) return;
    upsert.mutate(checked.request, {
      onSuccess: (saved) => {
        notify.success(COMPANY_SAVED);
        // The page stays mounted (hidden) after leaving: leave it clean.
        setValues(company ? formFromCompany(saved) : NEW_COMPANY);
        navigate('/companies');
      },
      onError: (error) => {
        const fieldErrors = apiFieldErrors(error);
        if (fieldErrors) setErrors(fieldErrors);
        else notify.error(errorMessage(error));
      },
    });
  };

  return (
    <>
      <CompanyFields values={values} errors={errors} onChange={setValues} />
      <div className="sched-buttons">
        <IonButton onClick={save} disabled={upsert.isPending}>{upsert.isPending ? <IonSpinner name="dots" aria-label="Saving" /> : 'SAVE'}</IonButton>
      </div>
      {dialog}
    </>
  );
}
