import { IonSelect, IonSelectOption, IonSpinner } from '@ionic/react';
import { EMPTY_TEXTS } from '@rollbook/shared-types/reports';
import { useState } from 'react';
import { usePaymentHeadersByYear } from '../api/get-payment-headers-by-year';
import { usePaymentYears } from '../api/get-payment-years';
import { PaymentHeaderTable } from './payment-header-table';

/** The settlement history: a year picker (years that have reports) and that year's raised reports. */
export function SettlementReportsTab() {
  const years = usePaymentYears();
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  // The newest year until the user picks one; a picked year that no longer has reports falls back too.
  const year = chosenYear !== null && years.data?.includes(chosenYear) ? chosenYear : (years.data?.[0] ?? null);
  const headers = usePaymentHeadersByYear(year);

  if (years.isPending) return <IonSpinner aria-label="Loading" />;
  if (years.isError) return <p role="alert">{years.error.message}</p>;
  if (year === null) return <p className="settlements__empty">{EMPTY_TEXTS.settlementReports}</p>;

  return (
    <section aria-labelledby="settlement-history-heading">
      <h2 id="settlement-history-heading">Settlement history</h2>
      <div className="settlements__toolbar">
        <IonSelect
          label="Year"
          labelPlacement="stacked"
          fill="outline"
          interface="popover"
          value={year}
          onIonChange={(event) => setChosenYear(Number(event.detail.value))}
        >
          {years.data.map((option) => (
            <IonSelectOption key={option} value={option}>
              {option}
            </IonSelectOption>
          ))}
        </IonSelect>
      </div>
      {headers.isPending && <IonSpinner aria-label="Loading" />}
      {headers.isError && <p role="alert">{headers.error.message}</p>}
      {headers.data && headers.data.length === 0 && <p className="settlements__empty">{EMPTY_TEXTS.settlementReports}</p>}
      {headers.data && headers.data.length > 0 && <PaymentHeaderTable headers={headers.data} caption={`Settlement reports ${year}`} />}
    </section>
  );
}
