import { toDayNumber } from '../dates/to-day-number.ts';
import { type CustomerLedger, toCustomerLedger } from '../ledger/to-customer-ledger.ts';
import { sumCompensated } from '../stats/sum-compensated.ts';
import type { Transaction } from '../types.ts';
import { assignSegment, type RfmPreset, SEGMENTS_BY_PRESET } from './assign-segment.ts';
import { type QuintileMethod, scoreQuintiles } from './score-quintiles.ts';

export interface RfmCustomer {
  customerId: string;
  /** Whole days from the last order to asOf. */
  recencyDays: number;
  /** Number of orders (transactions) on or before asOf. */
  frequency: number;
  /** Revenue on or before asOf, major units. */
  monetary: number;
  r: number;
  f: number;
  m: number;
  segment: string;
}

export interface RfmSegment {
  segment: string;
  customers: number;
  orders: number;
  revenue: number;
  /** Percent change of the segment's size against the same computation 30 days earlier; null when it was empty then. */
  growthRate: number | null;
}

export interface RfmResult {
  asOf: string;
  preset: RfmPreset;
  method: QuintileMethod;
  customers: RfmCustomer[];
  segments: RfmSegment[];
}

export interface RfmOptions {
  preset?: RfmPreset;
  method?: QuintileMethod;
  /** Days back for growthRate (default 30). */
  growthWindowDays?: number;
}

/**
 * RFM scores, segments and per-segment totals with growth, as of a date.
 *
 * Definition: per customer, over orders on or before asOf: recency = days since the last order,
 * frequency = number of orders, monetary = revenue (the rfm package's `rfm_table_order`). Scores 1–5
 * by quintiles ({@link scoreQuintiles}; recency reversed), segments by preset ({@link assignSegment}).
 * growthRate (design §6) = 100 · (size now − size at asOf − 30 days)/size then, where "then" reruns
 * the whole computation (quintiles included) on the orders up to that date.
 * Reference: shared/references/analytics.md §2.
 * Method: group once ({@link toCustomerLedger}; pass a ledger to share it with other models), then
 * each date's scores read the prefix of every customer's day-sorted transactions; score, assign;
 * revenue summed with a compensated sum. O(n log n). Customers come in the order of their first
 * transaction in the input.
 */
export function computeRfm(
  transactions: readonly Transaction[] | CustomerLedger,
  asOf: string,
  options: RfmOptions = {},
): RfmResult {
  const preset = options.preset ?? 'A';
  const method = options.method ?? 'rfm-package';
  const ledger = toCustomerLedger(transactions);
  const now = scoreCustomers(ledger, toDayNumber(asOf), preset, method);
  const before = scoreCustomers(ledger, toDayNumber(asOf) - (options.growthWindowDays ?? 30), preset, method);
  const sizeBefore = new Map<string, number>();
  for (const c of before) sizeBefore.set(c.segment, (sizeBefore.get(c.segment) ?? 0) + 1);
  const members = new Map<string, { customers: number; orders: number; monetary: number[] }>(
    SEGMENTS_BY_PRESET[preset].map((segment) => [segment, { customers: 0, orders: 0, monetary: [] }]),
  );
  for (const c of now) {
    const entry = members.get(c.segment)!;
    entry.customers += 1;
    entry.orders += c.frequency;
    entry.monetary.push(c.monetary);
  }
  const segments = [...members].map(([segment, entry]): RfmSegment => {
    const previous = sizeBefore.get(segment) ?? 0;
    return {
      segment,
      customers: entry.customers,
      orders: entry.orders,
      revenue: sumCompensated(entry.monetary),
      growthRate: previous > 0 ? (100 * (entry.customers - previous)) / previous : null,
    };
  });
  return { asOf, preset, method, customers: now, segments };
}

function scoreCustomers(
  ledger: CustomerLedger,
  asOfDay: number,
  preset: RfmPreset,
  method: QuintileMethod,
): RfmCustomer[] {
  const { customerIds, start, day, amount } = ledger;
  const rows: { customerId: string; recencyDays: number; frequency: number; monetary: number }[] = [];
  const amounts: number[] = [];
  for (let c = 0; c < customerIds.length; c += 1) {
    const from = start[c]!;
    const to = start[c + 1]!;
    amounts.length = 0;
    let j = from;
    // Days ascend within a customer: the orders up to asOf are a prefix.
    for (; j < to && day[j]! <= asOfDay; j += 1) amounts.push(amount[j]!);
    if (j === from) continue;
    rows.push({
      customerId: customerIds[c]!,
      recencyDays: asOfDay - day[j - 1]!,
      frequency: j - from,
      monetary: sumCompensated(amounts),
    });
  }
  const r = scoreQuintiles(
    rows.map((row) => row.recencyDays),
    method,
    true,
  );
  const f = scoreQuintiles(
    rows.map((row) => row.frequency),
    method,
  );
  const m = scoreQuintiles(
    rows.map((row) => row.monetary),
    method,
  );
  // Scores are 1–5: each of the 125 combinations is looked up once.
  const segmentOf = new Map<number, string>();
  return rows.map((row, i) => {
    const key = r[i]! * 36 + f[i]! * 6 + m[i]!;
    let segment = segmentOf.get(key);
    if (segment === undefined) {
      segment = assignSegment(r[i]!, f[i]!, m[i]!, preset);
      segmentOf.set(key, segment);
    }
    return {
      customerId: row.customerId,
      recencyDays: row.recencyDays,
      frequency: row.frequency,
      monetary: row.monetary,
      r: r[i]!,
      f: f[i]!,
      m: m[i]!,
      segment,
    };
  });
}
