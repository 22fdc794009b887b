import { describe, expect, it } from 'vitest';
import { DMY_FORMAT_MESSAGE, dmyFieldError, dmyMessage } from './dmy-date-field';

describe('d/m/yyyy date field', () => {
  it.each(['1/1/2027', '01/01/2027', '29/2/2028', '29/02/2000', '31/12/2026', ' 5/6/2027 '])('accepts the real date %s', (text) => {
    expect(dmyFieldError(text, true)).toBeUndefined();
  });

  it.each(['29/2/2027', '29/2/1900', '31/4/2027', '0/1/2027', '1/0/2027', '1/13/2027', '1/1/27', '2027-01-01', '1/1/2027x', 'tomorrow'])(
    'refuses %s once the field has been left',
    (text) => {
      expect(dmyFieldError(text, true)).toBe(DMY_FORMAT_MESSAGE);
      expect(dmyFieldError(text, false)).toBeUndefined();
    },
  );

  it('leaves an empty field to the form, whose message shows until a wrong date replaces it', () => {
    expect(dmyFieldError('', true)).toBeUndefined();
    expect(dmyMessage('', true, 'Please enter a Start Date')).toBe('Please enter a Start Date');
    expect(dmyMessage('30/2/2027', true, 'Please enter a Start Date')).toBe(DMY_FORMAT_MESSAGE);
    expect(dmyMessage('30/2/2027', false, undefined)).toBeUndefined();
  });
});
