/**
 * The share of a monthly amount that lands on one day (decision 010): over a month of n days, day
 * i (1-based day of month) gets floor(A·i/n) − floor(A·(i−1)/n), so the whole month sums to A
 * exactly and no day differs from another by more than one minor unit.
 */
export function spreadMonthlyAmount(amountMinor: number, day: string): number {
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  const n = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return Math.floor((amountMinor * dayOfMonth) / n) - Math.floor((amountMinor * (dayOfMonth - 1)) / n);
}
