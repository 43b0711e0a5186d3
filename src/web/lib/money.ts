/**
 * The SPA's one module for showing money (issue #21.1, decision 009): every helper here delegates
 * to `formatMoney` of `src/shared/money.ts`, always in the currency the page's API response names
 * (the shop currency; the ad-account currency for Meta's own figures). No other module in
 * `src/web` formats an amount.
 */
import type { GaOverview } from '@shared/contracts/ga.ts';
import {
  currencyDigitsOf,
  type FormatMoneyOptions,
  formatMoney as formatShared,
  minorToDecimal,
} from '@shared/money.ts';

/** Spec §9: revenue impact and other estimates are shown with no decimals. */
export const NO_DECIMALS: FormatMoneyOptions = { fractionDigits: 0 };

/**
 * An amount (a wire decimal string or a number of major units) in its currency (USD when the
 * response names none, spec §9); a dash when missing.
 */
export function formatMoney(
  amount: number | string | null | undefined,
  currency?: string | null,
  options?: FormatMoneyOptions,
): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  return formatShared(amount, currency || 'USD', options);
}

/**
 * An amount (a wire decimal string or major units) with at most `maximumFractionDigits` decimals,
 * never more than the currency has (¥1,235).
 */
export function formatCurrency(
  value: number | string,
  currency: string | null | undefined,
  maximumFractionDigits = 2,
): string {
  const code = currency || 'USD';
  return formatShared(value, code, {
    fractionDigits: Math.min(maximumFractionDigits, currencyDigitsOf(code)),
  });
}

/**
 * A wire amount (decimal string) in a response's `{ code }` currency; a dash when the response
 * names no currency or the amount is withheld (null).
 */
export function formatAmountIn(amount: string | null, currency: { code: string } | null): string {
  return currency && amount !== null ? formatShared(amount, currency.code) : '—';
}

/** Integer minor units (cents, whole yen) with the currency's `digits` → "$1,234.56". */
export function formatMinorMoney(minor: number, currency: string | null | undefined, digits: number): string {
  if (!Number.isSafeInteger(minor)) return formatCurrency(minor / 10 ** digits, currency, digits);
  return formatShared(minorToDecimal(minor, digits), currency || 'USD');
}

/** Integer minor units in a response's `{ code, digits }` currency; a dash when there is none. */
export function formatMinor(minor: number, currency: { code: string; digits: number } | null): string {
  return currency ? formatMinorMoney(minor, currency.code, currency.digits) : '—';
}

/**
 * Spec §9: thousands with a K in the shop currency, rounded ($12K); `digits` 1 for stock-loss
 * figures. Takes a wire amount (decimal string) or major units: a display rounding, no sum.
 */
export function formatThousands(
  value: number | string,
  currency: string | null | undefined,
  digits = 0,
): string {
  return `${formatShared(Number(value) / 1000, currency || 'USD', { fractionDigits: digits })}K`;
}

/**
 * GA4's revenue beside the store's own figures (decision 081): in the shop currency when the
 * property reports in another, a dash while a day of the period has no rate; GA4's own amount when
 * the currencies agree. The GA tab and the integrations panel's preview show it the same way.
 */
export function formatGa4Revenue(
  overview: Pick<GaOverview, 'revenue' | 'currency' | 'revenueInShopCurrency' | 'shopCurrency'>,
): string {
  const converted = Boolean(overview.shopCurrency && overview.shopCurrency !== overview.currency);
  if (!converted) return formatMoney(overview.revenue, overview.currency);
  return formatMoney(overview.revenueInShopCurrency ?? null, overview.shopCurrency);
}
