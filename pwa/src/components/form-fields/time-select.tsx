import { formatTime, parseTime } from '@rollbook/shared-types/dates';
import { SelectField, type SelectOption } from './select-field';

const pad = (n: number) => String(n).padStart(2, '0');

/** Hours 00-23. */
export const HOUR_OPTIONS: SelectOption[] = Array.from({ length: 24 }, (_, hour) => ({ value: hour, label: pad(hour) }));
/** Minutes in steps of 5 (spec §9). */
export const MINUTE_OPTIONS: SelectOption[] = Array.from({ length: 12 }, (_, i) => ({ value: i * 5, label: pad(i * 5) }));

/** 'HH:mm' with its minutes rounded down to a step of 5, or null. */
export function toFiveMinuteTime(text: string): { hour: number; minute: number } | null {
  const time = parseTime(text);
  return time ? { hour: time.hour, minute: time.minute - (time.minute % 5) } : null;
}

interface TimeSelectProps {
  /** 'HH:mm' or '' when not chosen. */
  value: string;
  onChange: (time: string) => void;
  errorText?: string;
  disabled?: boolean;
}

/** Hour and minute pickers for a London wall-clock time. */
export function TimeSelect({ value, onChange, errorText, disabled }: TimeSelectProps) {
  const time = toFiveMinuteTime(value);
  const change = (part: 'hour' | 'minute', picked: number) =>
    onChange(formatTime({ hour: time?.hour ?? 0, minute: time?.minute ?? 0, [part]: picked }));
  return (
    <div className="sched-time-select">
      <SelectField label="Hour" value={time?.hour ?? null} options={HOUR_OPTIONS} placeholder="HH" errorText={errorText} disabled={disabled} onChange={(v) => change('hour', Number(v))} />
      <SelectField label="Minutes" value={time?.minute ?? null} options={MINUTE_OPTIONS} placeholder="mm" disabled={disabled} onChange={(v) => change('minute', Number(v))} />
    </div>
  );
}
