/**
 * An amount in the shop currency with that currency's own decimals ($1,234.56; ¥1,235; −$12.00).
 *
 * Why: insight narratives state exact money; Intl knows each ISO 4217 currency's minor units, so
 * zero-decimal currencies (JPY) are never shown with cents.
 */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
}
