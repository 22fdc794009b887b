import { useEffect, useRef, useState } from 'react';

/** The list searches wait this long after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A text box over a value kept elsewhere (a list's address): what is typed shows at once and is
 * committed once typing pauses. `committable` turns the text into the value to commit, or null
 * while it is not one yet (a half-typed date). When the kept value changes for another reason
 * (back, forward, RESET), the box shows it instead of what was typed.
 */
export function useDebouncedDraft(
  committed: string,
  commit: (value: string) => void,
  committable: (text: string) => string | null = (text) => text.trim(),
  delayMs = SEARCH_DEBOUNCE_MS,
): [draft: string, setDraft: (text: string) => void] {
  const [draft, setDraft] = useState(committed);
  const [seen, setSeen] = useState(committed);
  if (seen !== committed) {
    setSeen(committed);
    if (committable(draft) !== committed) setDraft(committed);
  }
  const latest = useRef({ commit, committable });
  useEffect(() => {
    latest.current = { commit, committable };
  });
  useEffect(() => {
    const value = latest.current.committable(draft);
    if (value === null || value === committed) return;
    const timer = setTimeout(() => latest.current.commit(value), delayMs);
    return () => clearTimeout(timer);
  }, [draft, committed, delayMs]);
  return [draft, setDraft];
}
