import { showDate, showDateTime } from '@rollbook/shared-types/display-dates';
import { formatPounds } from '@rollbook/shared-types/money';

// The trail records each field as the database wrote it (audit_entries.changes: the columns, which
// the API names in camelCase, with values in their JSON form: instants with an offset, calendar
// dates as yyyy-MM-dd, money in pence). People read them as everywhere else in Rollbook: London
// dd/MM/yyyy HH:mm, dd/MM/yyyy, £1,234.56.

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A timestamptz as to_jsonb writes it: always with its offset, so never a London wall-clock time. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/;
/** Money columns end in pence (pricePence, ratePence, amountTotalPence). */
const PENCE = /(?:_p|P)ence$/;

/** A recorded value as people read it; '—' for none. */
export function auditValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (PENCE.test(field) && typeof value === 'number' && Number.isSafeInteger(value)) return formatPounds(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    if (CALENDAR_DATE.test(value)) return showDate(value);
    if (INSTANT.test(value)) return showDateTime(value);
    return value;
  }
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** A column name as a label: 'startsAt' → 'Starts at', 'pricePence' → 'Price' (the value says £). */
export function auditFieldLabel(field: string): string {
  const words = field.replace(PENCE, '').replace(/_/g, ' ').replace(/([a-z\d])([A-Z])/g, '$1 $2').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
