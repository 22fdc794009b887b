// Pay arithmetic and money formatting, shared by the API (which computes what teachers are paid)
// and the app (which shows it). Money is integer pence everywhere; pounds appear only as text or
// as a display number derived from pence. Integer arithmetic only: no floating-point drift.

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

function assertWholeNonNegative(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number of at least 0, got ${value}`);
  }
}

/** n / d rounded half up, for whole n ≥ 0 and d > 0, exactly. */
function divideRoundHalfUp(n: number, d: number): number {
  const q = Math.floor(n / d);
  const r = n - q * d;
  return 2 * r >= d ? q + 1 : q;
}

/**
 * Pay for one class, in pence: length in minutes / 60 × hourly rate, rounded to the penny (half up).
 * 50 minutes at £17.35/h = 1445.8333…p → 1446p; 1 minute at £15.00/h = 25p; 1 minute at £0.30/h = 0.5p → 1p.
 */
export function classPayPence(minutes: number, ratePencePerHour: number): number {
  assertWholeNonNegative('minutes', minutes);
  assertWholeNonNegative('ratePencePerHour', ratePencePerHour);
  const product = minutes * ratePencePerHour;
  if (product > MAX_SAFE) throw new RangeError('minutes × rate is too large to compute exactly');
  return divideRoundHalfUp(product, 60);
}

/** Sum of amounts already rounded to the penny: a total is always the sum of its lines. */
export function sumPence(amounts: readonly number[]): number {
  let total = 0;
  for (const amount of amounts) {
    if (!Number.isSafeInteger(amount)) throw new RangeError(`amount must be whole pence, got ${amount}`);
    total += amount;
  }
  if (!Number.isSafeInteger(total)) throw new RangeError('total is too large');
  return total;
}

/** Minutes as hours with two decimals (half up): 50 → 0.83, 90 → 1.5, 1 → 0.02. */
export function minutesToHours(minutes: number): number {
  assertWholeNonNegative('minutes', minutes);
  return divideRoundHalfUp(minutes * 100, 60) / 100;
}

/** Minutes as 'Xh Ym' (the attendance report's total): 95 → '1h 35m', 60 → '1h 0m'. */
export function formatHoursMinutes(minutes: number): string {
  assertWholeNonNegative('minutes', minutes);
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** Pence as a plain decimal string, two places, no symbol or separators: 123456 → '1234.56'. For CSV. */
export function penceToDecimalString(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`pence must be whole, got ${pence}`);
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Pence as a pounds number for display fields (1446 → 14.46). Never compute with it: use pence. */
export function penceToPounds(pence: number): number {
  return Number(penceToDecimalString(pence));
}

/** Pence as en-GB money text: 123456 → '£1,234.56', -5 → '-£0.05'. */
export function formatPounds(pence: number): string {
  const plain = penceToDecimalString(pence);
  const negative = plain.startsWith('-');
  const [pounds = '0', fraction = '00'] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = pounds.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}£${grouped}.${fraction}`;
}

/**
 * Pounds typed by a person ('17.35', '£1,234.5', '20') to pence, exactly, or null when it is not
 * an amount of money with at most two decimals.
 */
export function parsePoundsToPence(text: string): number | null {
  const cleaned = text.trim().replace(/^£/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const [, pounds = '0', fraction = ''] = match;
  return Number(pounds) * 100 + Number(fraction.padEnd(2, '0'));
}
