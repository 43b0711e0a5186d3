import { toDayNumber } from '../dates/to-day-number.ts';
import { sumCompensated } from '../stats/sum-compensated.ts';
import type { Transaction } from '../types.ts';
import type { LifetimeCustomer, TimeUnit } from './types.ts';

/** Lifetime summary of one customer plus what the spend model and CLV need. */
export interface LifetimeCustomerSummary extends LifetimeCustomer {
  customerId: string;
  firstDate: string;
  lastDate: string;
  /** Mean value of the repeat transactions (first purchase day excluded); 0 when x = 0. */
  meanRepeatValue: number;
}

/**
 * Turns transactions into the (x, tx, T) summaries of the lifetime models.
 *
 * Definition: transactions on or before `asOf` only; same-day transactions of one customer are
 * merged into one (amounts added); x = number of purchase days after the first; tx = days from the
 * first purchase day to the last; T = days from the first purchase day to `asOf`; times in
 * `timeUnit` (week = 7 days). The Gamma-Gamma input is the mean value of the repeat transactions
 * (first purchase excluded), as in the published CDNOW fits.
 * Reference: CDNOW customer 0001, first purchase 1997-01-01, asOf 1997-09-30: T = 272/7 = 38.86.
 * Method: one pass to group by customer and day; O(n log n) for sorting each customer's days.
 */
export function summarizeLifetimeCustomers(
  transactions: readonly Transaction[],
  asOf: string,
  timeUnit: TimeUnit,
): LifetimeCustomerSummary[] {
  const end = toDayNumber(asOf);
  const unit = timeUnit === 'week' ? 7 : 1;
  const byCustomer = new Map<string, Map<number, number[]>>();
  for (const t of transactions) {
    const day = toDayNumber(t.date);
    if (day > end) continue;
    let days = byCustomer.get(t.customerId);
    if (!days) {
      days = new Map();
      byCustomer.set(t.customerId, days);
    }
    const amounts = days.get(day);
    if (amounts) amounts.push(t.amount);
    else days.set(day, [t.amount]);
  }
  const summaries: LifetimeCustomerSummary[] = [];
  for (const [customerId, days] of byCustomer) {
    const sorted = [...days.keys()].sort((p, q) => p - q);
    const first = sorted[0]!;
    const last = sorted[sorted.length - 1]!;
    const repeatValues = sorted.slice(1).map((d) => sumCompensated(days.get(d)!));
    summaries.push({
      customerId,
      x: sorted.length - 1,
      tx: (last - first) / unit,
      T: (end - first) / unit,
      firstDate: new Date(first * 86_400_000).toISOString().slice(0, 10),
      lastDate: new Date(last * 86_400_000).toISOString().slice(0, 10),
      meanRepeatValue: repeatValues.length > 0 ? sumCompensated(repeatValues) / repeatValues.length : 0,
    });
  }
  return summaries;
}
