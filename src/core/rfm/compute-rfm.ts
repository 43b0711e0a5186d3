import { toDayNumber } from '../dates/to-day-number.ts';
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
 * Method: group, score, assign; revenue summed with a compensated sum. O(n log n).
 */
export function computeRfm(
  transactions: readonly Transaction[],
  asOf: string,
  options: RfmOptions = {},
): RfmResult {
  const preset = options.preset ?? 'A';
  const method = options.method ?? 'rfm-package';
  const now = scoreCustomers(transactions, toDayNumber(asOf), preset, method);
  const before = scoreCustomers(
    transactions,
    toDayNumber(asOf) - (options.growthWindowDays ?? 30),
    preset,
    method,
  );
  const sizeBefore = new Map<string, number>();
  for (const c of before) sizeBefore.set(c.segment, (sizeBefore.get(c.segment) ?? 0) + 1);
  const segments = SEGMENTS_BY_PRESET[preset].map((segment): RfmSegment => {
    const members = now.filter((c) => c.segment === segment);
    const previous = sizeBefore.get(segment) ?? 0;
    return {
      segment,
      customers: members.length,
      orders: members.reduce((sum, c) => sum + c.frequency, 0),
      revenue: sumCompensated(members.map((c) => c.monetary)),
      growthRate: previous > 0 ? (100 * (members.length - previous)) / previous : null,
    };
  });
  return { asOf, preset, method, customers: now, segments };
}

function scoreCustomers(
  transactions: readonly Transaction[],
  asOfDay: number,
  preset: RfmPreset,
  method: QuintileMethod,
): RfmCustomer[] {
  const byCustomer = new Map<string, { last: number; orders: number; amounts: number[] }>();
  for (const t of transactions) {
    const day = toDayNumber(t.date);
    if (day > asOfDay) continue;
    const entry = byCustomer.get(t.customerId);
    if (entry) {
      entry.last = Math.max(entry.last, day);
      entry.orders += 1;
      entry.amounts.push(t.amount);
    } else byCustomer.set(t.customerId, { last: day, orders: 1, amounts: [t.amount] });
  }
  const rows = [...byCustomer].map(([customerId, e]) => ({
    customerId,
    recencyDays: asOfDay - e.last,
    frequency: e.orders,
    monetary: sumCompensated(e.amounts),
  }));
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
  return rows.map((row, i) => ({
    ...row,
    r: r[i]!,
    f: f[i]!,
    m: m[i]!,
    segment: assignSegment(r[i]!, f[i]!, m[i]!, preset),
  }));
}
