import { toDayNumber } from '../dates/to-day-number.ts';
import type { CustomerLedger } from '../ledger/to-customer-ledger.ts';
import type { AnalysisFacts } from './types.ts';

/**
 * The facts of complete days only (issue #36 item 3): every dated fact after `lastDay` left out,
 * and `asOf` no later than `lastDay`.
 *
 * Why: live orders arrive by webhook during the day, so the warehouse holds part of today. An
 * analysis that ended on today would count an unfinished day as one of "the last 30 days" (an
 * opportunity's figures would then differ from /campaigns' for the same days, and the last day of
 * every trend would look like a collapse). `lastDay` is the shop's last complete day
 * (`lastCompleteDay` in src/shared/day-range.ts: yesterday in its time zone).
 *
 * The product landings carry no day (they only decide which product a campaign advertises) and
 * stay whole; a stock level read today stands for the stock at `asOf`, as the loader already
 * treats a level read after the last order day. Customers whose every order is after `lastDay`
 * leave the ledger.
 */
export function factsUpTo(facts: AnalysisFacts, lastDay: string): AnalysisFacts {
  const asOf = facts.asOf <= lastDay ? facts.asOf : lastDay;
  const upTo = <Fact extends { date: string }>(rows: readonly Fact[]) =>
    rows.filter((row) => row.date <= asOf);
  return {
    ...facts,
    asOf,
    orderDays: upTo(facts.orderDays),
    customerOrders: ledgerUpTo(facts.customerOrders, toDayNumber(asOf)),
    recentOrders: upTo(facts.recentOrders),
    refunds: upTo(facts.refunds),
    variantSales: upTo(facts.variantSales),
    inventory: facts.inventory.map((level) => (level.date <= asOf ? level : { ...level, date: asOf })),
    adDaily: upTo(facts.adDaily),
    adClickOrders: upTo(facts.adClickOrders),
    ga4Daily: upTo(facts.ga4Daily),
  };
}

/** The ledger's transactions on or before day number `last` (days ascend within a customer). */
function ledgerUpTo(ledger: CustomerLedger, last: number): CustomerLedger {
  if (!ledger.day.some((day) => day > last)) return ledger;
  const customerIds: string[] = [];
  const start: number[] = [0];
  const day: number[] = [];
  const amount: number[] = [];
  ledger.customerIds.forEach((customerId, c) => {
    for (let i = ledger.start[c]!; i < ledger.start[c + 1]! && ledger.day[i]! <= last; i += 1) {
      day.push(ledger.day[i]!);
      amount.push(ledger.amount[i]!);
    }
    if (day.length > start.at(-1)!) {
      customerIds.push(customerId);
      start.push(day.length);
    }
  });
  return {
    customerIds,
    start: Int32Array.from(start),
    day: Int32Array.from(day),
    amount: Float64Array.from(amount),
  };
}
