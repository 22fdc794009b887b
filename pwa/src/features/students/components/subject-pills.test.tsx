import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseSubjectList, SubjectPills, textColourOn } from '../../../components/ui/subject-pills';

afterEach(cleanup);

describe('subject pills', () => {
  it('reads the API comma list of name|colour', () => {
    expect(parseSubjectList('Business English|#00897B, French|#3949AB')).toEqual([
      { name: 'Business English', color: '#00897B' },
      { name: 'French', color: '#3949AB' },
    ]);
    expect(parseSubjectList('')).toEqual([]);
    expect(parseSubjectList('Mandarin')).toEqual([{ name: 'Mandarin', color: '#6b7280' }]);
  });

  it('writes dark text on light colours and white text on dark ones', () => {
    expect(textColourOn('#FDD835')).toBe('#1a1a1a');
    expect(textColourOn('#3949AB')).toBe('#fff');
  });

  it('shows each subject in its colour', () => {
    const { container } = render(<SubjectPills list="German|#FDD835" />);
    const pill = container.querySelector('li') as HTMLElement;
    expect(pill.textContent).toBe('German');
    expect(pill.style.background).toBe('rgb(253, 216, 53)');
  });
});
