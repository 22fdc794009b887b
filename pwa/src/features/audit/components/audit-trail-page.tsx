import { AUDIT_RECORD_LABELS, AUDIT_RECORD_TYPES, type AuditRecordType } from '@rollbook/shared-types/audit';
import { showDateTime } from '@rollbook/shared-types/display-dates';
import { IonButton, IonSpinner } from '@ionic/react';
import { useState, type FormEvent } from 'react';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { errorMessage } from '../../../components/form-fields/field-errors';
import { ListPager } from '../../../components/ui/list-pager';
import { useAuditActors, useAuditPage, type AuditFilters } from '../api/get-audit-trail';
import { AuditChanges } from './audit-changes';
import '../../../components/scheduling/scheduling.css';

const NO_FILTERS: AuditFilters = { userId: '', recordType: '', recordId: '', from: '', to: '', page: 1 };
const SOURCES = { web: 'Web', phone: 'Phone', system: 'System' } as const;
const ACTIONS = { insert: 'Added', update: 'Changed', delete: 'Deleted' } as const;

/** /audit (admins): who changed what, when and from where; filtered and paged by the server. */
export default function AuditTrailPage() {
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const trail = useAuditPage(filters);
  const actors = useAuditActors();
  const set = (field: keyof AuditFilters) => (e: { target: { value: string } }) => setDraft({ ...draft, [field]: e.target.value });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ ...draft, page: 1 });
  };
  return (
    <SignedInPage title="Audit trail">
      <form className="sched-toolbar audit-filters" onSubmit={apply} aria-label="Audit trail filters">
        <label>Person
          <select value={draft.userId} onChange={set('userId')}>
            <option value="">Everyone</option>
            {actors.data?.map((a) => <option key={a.userId} value={String(a.userId)}>{a.name}</option>)}
          </select>
        </label>
        <label>Record type
          <select value={draft.recordType} onChange={(e) => setDraft({ ...draft, recordType: e.target.value as AuditRecordType | '' })}>
            <option value="">All</option>
            {AUDIT_RECORD_TYPES.map((t) => <option key={t} value={t}>{AUDIT_RECORD_LABELS[t]}</option>)}
          </select>
        </label>
        <label>Record id <input value={draft.recordId} onChange={set('recordId')} inputMode="numeric" size={10} /></label>
        <label>From <input value={draft.from} onChange={set('from')} placeholder="dd/mm/yyyy" size={10} /></label>
        <label>To <input value={draft.to} onChange={set('to')} placeholder="dd/mm/yyyy" size={10} /></label>
        <IonButton type="submit">SEARCH</IonButton>
      </form>
      {trail.isPending && <IonSpinner aria-label="Loading the audit trail" />}
      {trail.isError && <p className="sched-inline-error" role="alert">{errorMessage(trail.error)}</p>}
      {trail.data && trail.data.entries.length === 0 && <p className="sched-empty">No changes match these filters</p>}
      {trail.data && trail.data.entries.length > 0 && (
        <>
          <h2>{`${trail.data.total} changes`}</h2>
          <div className="sched-table-wrap">
            <table className="sched-table audit-table">
              <thead>
                <tr>
                  <th scope="col">Made</th>
                  <th scope="col">Applied</th>
                  <th scope="col">Who</th>
                  <th scope="col">From</th>
                  <th scope="col">Record</th>
                  <th scope="col">Action</th>
                  <th scope="col">Changes</th>
                </tr>
              </thead>
              <tbody>
                {trail.data.entries.map((e) => (
                  <tr key={e.auditEntryId}>
                    <td>{showDateTime(e.occurredAt)}</td>
                    <td>{e.appliedAt === e.occurredAt ? '' : showDateTime(e.appliedAt)}</td>
                    <td>{e.actorName}</td>
                    <td>{SOURCES[e.source]}</td>
                    <td>{`${AUDIT_RECORD_LABELS[e.recordType]} ${e.recordId}`}</td>
                    <td>{ACTIONS[e.action]}</td>
                    <td><AuditChanges entry={e} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ListPager page={filters.page} pageSize={trail.data.pageSize} total={trail.data.total} onPage={(page) => setFilters({ ...filters, page })} />
        </>
      )}
    </SignedInPage>
  );
}
