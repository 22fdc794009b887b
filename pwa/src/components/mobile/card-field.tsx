import type { ReactNode } from 'react';

/** One labelled line of a phone card; nothing when there is no value. */
export function CardField({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className="card-field">
      <span className="card-field__label">{label}</span>
      <span className="card-field__value">{children}</span>
    </div>
  );
}
