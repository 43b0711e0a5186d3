/**
 * Money in the demo store is held as integer minor units (cents; whole yen for JPY) so sums are
 * exact. Shopify writes `Decimal` amounts as strings the way Ruby's BigDecimal prints them
 * ("59.9", "100.0", "0.0"), so connectors cannot assume two decimals; the emulators do the same.
 */

export const CURRENCY_DIGITS: Readonly<Record<string, number>> = {
  USD: 2,
  CAD: 2,
  GBP: 2,
  EUR: 2,
  AUD: 2,
  JPY: 0,
};

/** Units of the currency per 1 USD (the demo shop currency), before the small daily drift. */
const BASE_RATES: Readonly<Record<string, number>> = {
  USD: 1,
  CAD: 1.37,
  GBP: 0.79,
  EUR: 0.92,
  AUD: 1.52,
  JPY: 151.4,
};

export function currencyDigits(currency: string): number {
  return CURRENCY_DIGITS[currency] ?? 2;
}

/**
 * Exchange rate from USD to `currency` on a day: a deterministic, smooth drift of a few percent
 * around the base rate, so presentment amounts differ from day to day as they do in a real store.
 */
export function usdRateOn(currency: string, day: number): number {
  const base = BASE_RATES[currency] ?? 1;
  if (currency === 'USD') return 1;
  const phase = (currency.charCodeAt(0) * 7 + currency.charCodeAt(1)) % 97;
  const drift = 0.03 * Math.sin((day + phase) / 41) + 0.012 * Math.sin((day + phase) / 9.3);
  return base * (1 + drift);
}

/** Converts minor units between currencies with the given rate, rounding half away from zero. */
export function convertMinor(amountMinor: number, from: string, to: string, rate: number): number {
  const major = amountMinor / 10 ** currencyDigits(from);
  return Math.round(major * rate * 10 ** currencyDigits(to));
}

/** Minor units → Shopify Decimal string: trailing zeros trimmed, at least one decimal ("12.5", "7.0"). */
export function formatDecimal(amountMinor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const negative = amountMinor < 0;
  const abs = Math.abs(Math.round(amountMinor));
  let text: string;
  if (digits === 0) {
    text = `${abs}.0`;
  } else {
    const scale = 10 ** digits;
    const whole = Math.floor(abs / scale);
    let fraction = String(abs % scale).padStart(digits, '0');
    fraction = fraction.replace(/0+$/, '');
    text = `${whole}.${fraction === '' ? '0' : fraction}`;
  }
  return negative ? `-${text}` : text;
}

/** Minor units → a plain fixed-decimals string ("12.50"), as Meta and GA4 write money. */
export function formatFixed(amountMinor: number, currency: string): string {
  const digits = currencyDigits(currency);
  return (amountMinor / 10 ** digits).toFixed(digits);
}
