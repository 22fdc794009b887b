import { useEffect, useRef } from 'react';

/**
 * Opens the print dialog once, `delayMs` after the report has rendered (`ready`). Guarded so a
 * re-render or React's development double effects never print twice.
 */
export function useAutoPrint(ready: boolean, delayMs = 0): void {
  const printed = useRef(false);
  useEffect(() => {
    if (!ready || printed.current) return;
    const timer = window.setTimeout(() => {
      printed.current = true;
      window.print();
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [ready, delayMs]);
}
