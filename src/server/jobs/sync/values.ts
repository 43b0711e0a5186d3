/**
 * Pure conversions the sync jobs apply to vendor values before they reach the warehouse: exact
 * decimal strings to integer minor units, Shopify GIDs to numeric ids, instants to shop-local
 * days. No floating point touches money.
 */

const digitsCache = new Map<string, number>();

/** Minor-unit digits of an ISO 4217 currency (USD 2, JPY 0, KWD 3), from the platform's ICU data. */
export function currencyDigitsOf(currencyCode: string): number {
  let digits = digitsCache.get(currencyCode);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode }).resolvedOptions()
        .maximumFractionDigits;
    } catch {
      digits = 2;
    }
    digits ??= 2;
    digitsCache.set(currencyCode, digits);
  }
  return digits;
}

/**
 * "59.9" → 5990 (digits 2); "100.0" → 100 (digits 0); "-1.005" → -101 (half away from zero).
 * Works on the decimal string itself, so 0.1 + 0.2 problems never arise.
 */
export function parseDecimalToMinor(amount: string | number, digits: number): number {
  const text = typeof amount === 'number' ? String(amount) : amount.trim();
  const match = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === ''))
    throw new Error(`not a decimal amount: "${text}"`);
  if (match[4] !== undefined) {
    // Exponent notation (only from numeric JSON): fall back to a rounded float, still exact for money-sized values.
    return Math.round(Number(text) * 10 ** digits);
  }
  const negative = match[1] === '-';
  const whole = match[2] === '' ? '0' : (match[2] ?? '0');
  const fraction = match[3] ?? '';
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  const roundUp = (fraction[digits] ?? '0') >= '5';
  let minor = Number(whole) * 10 ** digits + (kept === '' ? 0 : Number(kept));
  if (roundUp) minor += 1;
  return negative && minor !== 0 ? -minor : minor;
}

/** "gid://shopify/Order/123" → 123 (also accepts a bare number or numeric string). */
export function parseShopifyId(gid: string | number): number {
  if (typeof gid === 'number') return gid;
  const tail = gid.slice(gid.lastIndexOf('/') + 1);
  const id = Number.parseInt(tail, 10);
  if (!Number.isSafeInteger(id)) throw new Error(`not a Shopify id: "${gid}"`);
  return id;
}

export function parseOptionalShopifyId(gid: string | number | null | undefined): number | null {
  return gid === null || gid === undefined ? null : parseShopifyId(gid);
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const QUARTER_HOUR_MS = 900_000;
const daysByQuarterHour = new Map<string, Map<number, string>>();

/**
 * The calendar day (YYYY-MM-DD) of an instant in an IANA time zone; DST-correct. Remembered per
 * UTC quarter hour: zone offsets are whole quarter hours, so local midnight never falls inside
 * one, and a backfill asks for the day of millions of instants.
 */
export function localDayOf(instant: Date | string | number, timeZone: string): string {
  let formatter = dayFormatters.get(timeZone);
  let days = daysByQuarterHour.get(timeZone);
  if (!formatter || !days) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    days = new Map();
    dayFormatters.set(timeZone, formatter);
    daysByQuarterHour.set(timeZone, days);
  }
  const date = instant instanceof Date ? instant : new Date(instant);
  const quarter = Math.floor(date.getTime() / QUARTER_HOUR_MS);
  let day = days.get(quarter);
  if (day === undefined) {
    day = formatter.format(date);
    if (days.size >= 500_000) days.clear();
    days.set(quarter, day);
  }
  return day;
}

/** GA4 "20261001" → "2026-10-01". */
export function parseGa4Date(value: string): string {
  if (!/^\d{8}$/.test(value)) throw new Error(`not a GA4 date: "${value}"`);
  return `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
}

/** Adds whole days to a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
