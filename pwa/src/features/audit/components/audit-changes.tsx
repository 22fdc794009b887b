import type { AuditEntry } from '@rollbook/shared-types/audit';
import { auditFieldLabel, auditValue } from './audit-values';

/** The fields of an entry: "Field: old → new" for an update, the values written or removed otherwise. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { old: before = {}, new: after = {} } = entry.changes;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const show = (field: string, value: unknown) => auditValue(field, value);
  return (
    <ul className="audit-changes">
      {fields.map((field) => (
        <li key={field}>
          <strong>{auditFieldLabel(field)}</strong>:{' '}
          {entry.action === 'update'
            ? `${show(field, before[field])} → ${show(field, after[field])}`
            : show(field, entry.action === 'delete' ? before[field] : after[field])}
        </li>
      ))}
    </ul>
  );
}
