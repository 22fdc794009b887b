import { showTime } from '@rollbook/shared-types/display-dates';

/** 'HH:mm' of an instant in London (the school's time), for "Last updated" and "Last synced". */
export function londonClock(iso: string): string {
  const shown = showTime(iso);
  return shown === iso ? '' : shown;
}

/** A waiting time in words: '3 days', '26 hours', '45 minutes'. */
export function ageInWords(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'}`;
  const days = Math.floor(hours / 24);
  return `${days} days`;
}
