import { DAY_MS } from '../../shared/calendar.ts';
import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import { weekdayOfDayNumber } from '../dates/weekday-of-day-number.ts';
import { type CustomerLedger, toCustomerLedger } from '../ledger/to-customer-ledger.ts';
import type { Transaction } from '../types.ts';

export type CohortPeriod = 'week' | 'month';

export interface CohortRow {
  /** First day of the acquisition period (a Monday for weeks, the 1st for months). */
  cohort: string;
  /** Customers whose first order fell in the period. */
  customers: number;
  /** retention[k] = percent (0–100) of the cohort that ordered in period k after the first; only fully observed k. */
  retention: number[];
}

export interface PooledPoint {
  k: number;
  /** Cohorts observed for at least k complete periods. */
  cohorts: number;
  customers: number;
  retained: number;
  percent: number;
}

export interface CohortTable {
  period: CohortPeriod;
  asOf: string;
  cohorts: CohortRow[];
  pooled: PooledPoint[];
}

/**
 * Acquisition cohorts, their retention matrix and the pooled retention curve.
 *
 * Definition (design §6): customers are grouped by the week (Monday-based) or month of their first
 * order; point k of a cohort = percent of its customers with at least one order in period k after
 * the acquisition period (k = 0 is 100 %). A point is shown only when period k has ended on or
 * before asOf, so a partial last period never understates retention. The pooled curve at k =
 * Σ retained / Σ customers over the cohorts observed at k (a customer-weighted mean).
 * Method: group once ({@link toCustomerLedger}; pass a ledger to share it with other models); each
 * customer's day-sorted transactions give its first period and, in one scan, each distinct later
 * period once. O(n) after the grouping.
 */
export function computeCohorts(
  transactions: readonly Transaction[] | CustomerLedger,
  asOf: string,
  period: CohortPeriod,
): CohortTable {
  const end = toDayNumber(asOf);
  const index = period === 'week' ? weekIndex : monthIndex;
  const { customerIds, start, day } = toCustomerLedger(transactions);
  const periodByDay = new Map<number, number>();
  const periodOf = (d: number) => {
    let value = periodByDay.get(d);
    if (value === undefined) {
      value = index(d);
      periodByDay.set(d, value);
    }
    return value;
  };
  const active = new Map<number, number[]>(); // cohort → k → customers who ordered in period k
  for (let c = 0; c < customerIds.length; c += 1) {
    const from = start[c]!;
    const to = start[c + 1]!;
    if (from === to || day[from]! > end) continue;
    const first = periodOf(day[from]!);
    let byK = active.get(first);
    if (!byK) {
      byK = [];
      active.set(first, byK);
    }
    let previousK = -1;
    for (let j = from; j < to && day[j]! <= end; j += 1) {
      const k = periodOf(day[j]!) - first;
      if (k === previousK) continue;
      byK[k] = (byK[k] ?? 0) + 1;
      previousK = k;
    }
  }
  // The last complete period: the one whose last day is ≤ asOf.
  const lastComplete = index(end + 1) - 1;
  const cohorts: CohortRow[] = [...active.keys()]
    .sort((p, q) => p - q)
    .map((c) => {
      const byK = active.get(c)!;
      const customers = byK[0]!;
      const observed = Math.max(0, lastComplete - c);
      const retention = [100];
      for (let k = 1; k <= observed; k += 1) retention.push((100 * (byK[k] ?? 0)) / customers);
      return { cohort: startOf(c, period), customers, retention };
    });
  const maxK = cohorts.reduce((m, row) => Math.max(m, row.retention.length - 1), 0);
  const pooled: PooledPoint[] = [];
  for (let k = 0; k <= maxK; k += 1) {
    let customers = 0;
    let retained = 0;
    let count = 0;
    for (const row of cohorts) {
      if (row.retention.length <= k) continue;
      count += 1;
      customers += row.customers;
      retained += Math.round((row.retention[k]! * row.customers) / 100);
    }
    pooled.push({
      k,
      cohorts: count,
      customers,
      retained,
      percent: customers > 0 ? (100 * retained) / customers : 0,
    });
  }
  return { period, asOf, cohorts, pooled };
}

/** Week index: whole weeks since the Monday 1969-12-29 (day −3). */
function weekIndex(day: number): number {
  return Math.floor((day - weekdayOfDayNumber(day) + 3) / 7);
}

function monthIndex(day: number): number {
  const date = new Date(day * DAY_MS);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

function startOf(periodIndex: number, period: CohortPeriod): string {
  if (period === 'week') return fromDayNumber(periodIndex * 7 - 3);
  const year = Math.floor(periodIndex / 12);
  const month = periodIndex - year * 12;
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-01`;
}
