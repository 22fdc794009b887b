import { describe, expect, it } from 'vitest';
import { auditFieldLabel, auditValue } from './audit-values';

describe('audit trail values as people read them', () => {
  it.each([
    ['an instant in summer, shown in London time', 'startsAt', '2026-07-01T08:30:00+00:00', '01/07/2026 09:30'],
    ['an instant in winter, with microseconds', 'markedAt', '2026-11-25T17:05:09.123456+00:00', '25/11/2026 17:05'],
    ['an instant written in another offset', 'tokensValidAfter', '2026-11-25T23:30:00-05:00', '26/11/2026 04:30'],
    ['a calendar date, whatever the zone', 'periodEndDate', '2026-03-29', '29/03/2026'],
    ['money in pence', 'pricePence', 123456, '£1,234.56'],
    ['a rate of a few pence', 'ratePence', 5, '£0.05'],
    ['a settlement total', 'amountTotalPence', 1000000, '£10,000.00'],
    ['a number that is no money', 'duration', 12, '12'],
    ['a yes', 'private', true, 'Yes'],
    ['a no', 'active', false, 'No'],
    ['nothing', 'roomId', null, '—'],
    ['text that only looks a little like a date', 'title', '2026-11 intake', '2026-11 intake'],
    ['a hidden password', 'passwordHash', 'hidden', 'hidden'],
  ])('shows %s', (_what, field, value, shown) => {
    expect(auditValue(field, value)).toBe(shown);
  });

  it('does not show pence as pounds for a field that is not money', () => {
    expect(auditValue('maxNumberStudents', 1500)).toBe('1500');
  });

  it.each([
    ['startsAt', 'Starts at'],
    ['price_pence', 'Price'],
    ['amount_total_pence', 'Amount total'],
    ['title', 'Title'],
  ])('labels %s as %s', (field, label) => {
    expect(auditFieldLabel(field)).toBe(label);
  });
});
