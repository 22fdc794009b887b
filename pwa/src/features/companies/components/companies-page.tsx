import { IonButton, IonSpinner } from '@ionic/react';
import { useNavigate } from 'react-router-dom';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { useCompanies } from '../../scheduling-lookups/api/get-companies';
import { errorMessage } from '../../scheduling-lookups/components/field-errors';
import '../../scheduling-lookups/components/scheduling.css';

/** /companies: the school's corporate clients (spec §2.8). */
export default function CompaniesPage() {
  const companies = useCompanies();
  const navigate = useNavigate();
  const open = (companyId: number) => navigate(`/companiesForm/${companyId}`);
  return (
    <SignedInPage title="Companies">
      <div className="sched-toolbar">
        <h2>{companies.data ? `${companies.data.length} companies` : ''}</h2>
        <IonButton onClick={() => navigate('/companiesform')}>ADD COMPANY</IonButton>
      </div>
      {companies.isPending && <IonSpinner aria-label="Loading companies" />}
      {companies.isError && <p className="sched-inline-error" role="alert">{errorMessage(companies.error)}</p>}
      {companies.data && companies.data.length === 0 && <p className="sched-empty">No companies currently</p>}
      {companies.data && companies.data.length > 0 && (
        <div className="sched-table-wrap">
          <table className="sched-table companies-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Code</th>
                <th scope="col">Town</th>
                <th scope="col">Post code</th>
              </tr>
            </thead>
            <tbody>
              {companies.data.map((company) => (
                <tr key={company.companyId} className="sched-row--link" onClick={() => open(company.companyId)}>
                  <td>
                    <a href={`/companiesForm/${company.companyId}`} onClick={(event) => { event.preventDefault(); event.stopPropagation(); open(company.companyId); }}>
                      {company.name}
                    </a>
                  </td>
                  <td>{company.code}</td>
                  <td>{company.town ?? ''}</td>
                  <td>{company.postCode ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SignedInPage>
  );
}
