/**
 * Money, one way (decision 009): amounts are integer minor units of the shop currency inside the
 * server and core; on the wire a new endpoint sends them as exact decimal strings in major units
 * (`MoneySchema`, e.g. "1234.50") beside the shop `currency`; pages format them only through
 * `formatMoney`. No floating point touches an amount between the warehouse and the screen.
 */
import { z } from 'zod';

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

/** 123456 (digits 2) → "1234.56"; -5 → "-0.05"; 100 (digits 0) → "100". Exact: integer arithmetic only. */
export function minorToDecimal(minor: number, digits: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not a whole number of minor units: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  if (digits === 0) return `${sign}${text}`;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * A model's estimate in major units (a CLV, a float sum of analysis snapshots) as the exact decimal
 * string of its nearest minor unit: 1234.5678 (digits 2) → "1234.57". The one place a float amount
 * becomes wire money.
 */
export function majorToDecimal(major: number, digits: number): string {
  return minorToDecimal(majorToMinor(major, digits), digits);
}

/**
 * A model's estimate in major units rounded once to its nearest minor unit: 1234.5678 (digits 2) →
 * 123457. For sums and differences that must add up exactly once written (decision 170).
 */
export function majorToMinor(major: number, digits: number): number {
  return Math.round(major * 10 ** digits);
}

/**
 * An evidence fact's amount on the wire (decision 171): a model's number of major units written once
 * as money; a decimal string kept; any other text is no amount and stays text.
 */
export function moneyFact(
  fact: { label: string; value: number | string },
  digits: number,
): { label: string; value: string; unit: 'currency' | 'text' } {
  if (typeof fact.value === 'number')
    return { label: fact.label, value: majorToDecimal(fact.value, digits), unit: 'currency' };
  const decimal = /^-?\d+(\.\d+)?$/.test(fact.value);
  return { label: fact.label, value: fact.value, unit: decimal ? 'currency' : 'text' };
}

/** An amount on the wire: an exact decimal string in major units of the response's `currency`. */
export const MoneySchema = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/, 'expected a decimal amount such as "1234.50"')
  .describe('exact decimal amount in major units of the shop currency');

/** An ISO 4217 currency code on the wire. */
export const CurrencySchema = z.string().regex(/^[A-Z]{3}$/, 'expected an ISO 4217 currency code');

export interface FormatMoneyOptions {
  /** Fraction digits shown; defaults to the currency's own. */
  fractionDigits?: number;
  /** "compact" → $1.2K, $3.4M (the spec's K/M abbreviation at 1,000 and 1,000,000). */
  notation?: 'standard' | 'compact';
  locale?: string;
}

/**
 * The one display formatter for money: a decimal string (wire) or a number of major units, in its
 * currency (`USD` when unknown, the spec's default). Used by every page.
 */
export function formatMoney(
  amount: string | number,
  currency = 'USD',
  options: FormatMoneyOptions = {},
): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (!Number.isFinite(value)) return '—';
  const digits = options.fractionDigits ?? currencyDigitsOf(currency);
  try {
    return new Intl.NumberFormat(options.locale ?? 'en-US', {
      style: 'currency',
      currency,
      notation: options.notation ?? 'standard',
      minimumFractionDigits: options.notation === 'compact' ? 0 : digits,
      maximumFractionDigits: options.notation === 'compact' ? 1 : digits,
    }).format(value);
  } catch {
    return `${value.toFixed(digits)} ${currency}`;
  }
}
