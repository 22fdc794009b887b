import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ATTENDANCE_PRINT_DELAY_MS } from '../components/attendance-print-page';
import { useAutoPrint } from './use-auto-print';

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(window, 'print').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useAutoPrint', () => {
  it('opens the print dialog once the report has rendered, and only once', () => {
    const { rerender } = renderHook(({ ready }) => useAutoPrint(ready), { initialProps: { ready: false } });
    vi.runAllTimers();
    expect(window.print).not.toHaveBeenCalled();
    rerender({ ready: true });
    vi.runAllTimers();
    rerender({ ready: true });
    rerender({ ready: false });
    rerender({ ready: true });
    vi.runAllTimers();
    expect(window.print).toHaveBeenCalledTimes(1);
  });

  it('waits 2 seconds before printing the attendance report', () => {
    renderHook(() => useAutoPrint(true, ATTENDANCE_PRINT_DELAY_MS));
    expect(ATTENDANCE_PRINT_DELAY_MS).toBe(2000);
    vi.advanceTimersByTime(1999);
    expect(window.print).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(window.print).toHaveBeenCalledTimes(1);
  });
});
