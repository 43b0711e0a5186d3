import { DAY_MS } from '../../shared/calendar.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import { type CustomerLedger, toCustomerLedger } from '../ledger/to-customer-ledger.ts';
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
 * Method: group once ({@link toCustomerLedger}; pass a ledger to share it with other models), then
 * one scan of each customer's day-sorted transactions, merging runs of the same day. O(n) after
 * the grouping. Customers come in the order of their first transaction in the input.
 */
export function summarizeLifetimeCustomers(
  transactions: readonly Transaction[] | CustomerLedger,
  asOf: string,
  timeUnit: TimeUnit,
): LifetimeCustomerSummary[] {
  const end = toDayNumber(asOf);
  const unit = timeUnit === 'week' ? 7 : 1;
  const { customerIds, start, day, amount } = toCustomerLedger(transactions);
  const summaries: LifetimeCustomerSummary[] = [];
  const sameDay: number[] = [];
  const repeatValues: number[] = [];
  for (let c = 0; c < customerIds.length; c += 1) {
    const from = start[c]!;
    const to = start[c + 1]!;
    if (from === to || day[from]! > end) continue;
    const first = day[from]!;
    repeatValues.length = 0;
    let j = from;
    let last = first;
    while (j < to && day[j]! <= end) {
      last = day[j]!;
      sameDay.length = 0;
      for (; j < to && day[j] === last; j += 1) sameDay.push(amount[j]!);
      if (last !== first) repeatValues.push(sumCompensated(sameDay));
    }
    summaries.push({
      customerId: customerIds[c]!,
      x: repeatValues.length,
      tx: (last - first) / unit,
      T: (end - first) / unit,
      firstDate: new Date(first * DAY_MS).toISOString().slice(0, 10),
      lastDate: new Date(last * DAY_MS).toISOString().slice(0, 10),
      meanRepeatValue: repeatValues.length > 0 ? sumCompensated(repeatValues) / repeatValues.length : 0,
    });
  }
  return summaries;
}
