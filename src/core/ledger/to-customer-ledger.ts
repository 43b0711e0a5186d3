import { toDayNumber } from '../dates/to-day-number.ts';
import type { Transaction } from '../types.ts';
import { sortCustomerDays } from './sort-customer-days.ts';

/**
 * Transactions grouped by customer in flat typed arrays: what RFM, the lifetime summaries and the
 * cohorts all start from. Build it once with {@link toCustomerLedger} and pass it to each of them.
 */
export interface CustomerLedger {
  /** Customers in the order of their first transaction in the input. */
  customerIds: string[];
  /** Customer c's transactions sit at start[c] … start[c + 1] − 1 (length: customers + 1). */
  start: Int32Array;
  /** Day number (toDayNumber) of each transaction, ascending within a customer. */
  day: Int32Array;
  amount: Float64Array;
}

/**
 * Groups transactions by customer (a ledger is returned as it is).
 *
 * Definition: every transaction appears once, under its customer, sorted by day; transactions of
 * one customer on one day keep their input order, so sums over them add in the same order as a
 * pass over the input would.
 * Method: one pass assigning customer indices and day numbers (each distinct date parsed once), a
 * counting sort by customer, and a stable sort by day only of customers whose input was not in
 * date order. O(n) for input in date order. A million orders then cost typed-array scans instead
 * of a string-keyed map and a date parse per transaction in every model.
 *
 * @example toCustomerLedger([{ customerId: 'a', date: '1970-01-02', amount: 5 }]).day // Int32Array [1]
 */
export function toCustomerLedger(input: readonly Transaction[] | CustomerLedger): CustomerLedger {
  if ('start' in input) return input;
  const n = input.length;
  const indexOf = new Map<string, number>();
  const dayOf = new Map<string, number>();
  const customerIds: string[] = [];
  const counts: number[] = [];
  const owner = new Int32Array(n);
  const days = new Int32Array(n);
  for (let i = 0; i < n; i += 1) {
    const t = input[i]!;
    let c = indexOf.get(t.customerId);
    if (c === undefined) {
      c = customerIds.length;
      indexOf.set(t.customerId, c);
      customerIds.push(t.customerId);
      counts.push(0);
    }
    owner[i] = c;
    counts[c]! += 1;
    let d = dayOf.get(t.date);
    if (d === undefined) {
      d = toDayNumber(t.date);
      dayOf.set(t.date, d);
    }
    days[i] = d;
  }
  const start = new Int32Array(customerIds.length + 1);
  for (let c = 0; c < customerIds.length; c += 1) start[c + 1] = start[c]! + counts[c]!;
  const next = start.slice(0, customerIds.length);
  const day = new Int32Array(n);
  const amount = new Float64Array(n);
  const unsorted = new Set<number>();
  for (let i = 0; i < n; i += 1) {
    const c = owner[i]!;
    const j = next[c]!;
    next[c] = j + 1;
    day[j] = days[i]!;
    amount[j] = input[i]!.amount;
    if (j > start[c]! && day[j - 1]! > day[j]!) unsorted.add(c);
  }
  for (const c of unsorted) sortCustomerDays(day, amount, start[c]!, start[c + 1]!);
  return { customerIds, start, day, amount };
}
