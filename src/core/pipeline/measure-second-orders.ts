import { addDays } from '../../shared/calendar.ts';
import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import type { CustomerLedger } from '../ledger/to-customer-ledger.ts';
import type { SecondOrderFacts } from '../opportunities/detect-second-order-opportunity.ts';

/** Days after the first order within which a second order counts. */
const SECOND_ORDER_DAYS = 90;

/**
 * Second-order conversion by monthly cohort (month of the first order): customers and how many
 * ordered again within 90 days, for the last 12 fully observed months; new customers of the last
 * 30 days and the mean value of second orders. Method: one ledger scan (days ascend within a
 * customer: the second order day is the first day after the first).
 */
export function measureSecondOrders(ledger: CustomerLedger, asOf: string): SecondOrderFacts {
  const { customerIds, start, day, amount } = ledger;
  const byCustomer: { first: string; second: string | null; secondValue: number }[] = [];
  for (let c = 0; c < customerIds.length; c += 1) {
    const from = start[c]!;
    const to = start[c + 1]!;
    if (from === to) continue;
    let j = from + 1;
    while (j < to && day[j] === day[from]) j += 1;
    let secondValue = 0;
    for (let k = j; k < to && day[k] === day[j]; k += 1) secondValue += amount[k]!;
    byCustomer.push({
      first: fromDayNumber(day[from]!),
      second: j < to ? fromDayNumber(day[j]!) : null,
      secondValue,
    });
  }
  const cutoff = addDays(asOf, -SECOND_ORDER_DAYS);
  const cohorts = new Map<string, { customers: number; secondOrders: number }>();
  let newCustomers30 = 0;
  let secondValue = 0;
  let secondCount = 0;
  const since30 = addDays(asOf, -29);
  for (const c of byCustomer) {
    if (c.first >= since30) newCustomers30 += 1;
    if (c.second !== null) {
      secondValue += c.secondValue;
      secondCount += 1;
    }
    if (c.first > cutoff) continue;
    const month = c.first.slice(0, 7);
    const entry = cohorts.get(month) ?? { customers: 0, secondOrders: 0 };
    entry.customers += 1;
    if (c.second !== null && toDayNumber(c.second) - toDayNumber(c.first) <= SECOND_ORDER_DAYS)
      entry.secondOrders += 1;
    cohorts.set(month, entry);
  }
  // The month holding the cutoff is only partly observed: drop it, keep the last 12 full months.
  const months = [...cohorts.keys()]
    .sort()
    .filter((m) => m < cutoff.slice(0, 7))
    .slice(-12);
  return {
    cohorts: months.map((m) => ({ cohort: m, ...cohorts.get(m)! })),
    newCustomers30,
    averageSecondOrderValue: secondCount > 0 ? secondValue / secondCount : 0,
  };
}
