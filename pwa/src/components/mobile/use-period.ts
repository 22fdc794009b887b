import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_PERIOD, periodOf, type Period, type PeriodCode } from './period';

/** The selected period of a class list: WEEK of today at first. */
export function usePeriod(initial: PeriodCode = DEFAULT_PERIOD): [Period, (code: PeriodCode, offset: number) => void] {
  const [selection, setSelection] = useState({ code: initial, offset: 0 });
  // Today is read when the selection changes, so a list left open overnight moves on with the next tap.
  const period = useMemo(() => periodOf(selection.code, selection.offset), [selection]);
  const change = useCallback((code: PeriodCode, offset: number) => setSelection({ code, offset }), []);
  return [period, change];
}
