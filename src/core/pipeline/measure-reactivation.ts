import { addDays } from '../../shared/calendar.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import type { CustomerLedger } from '../ledger/to-customer-ledger.ts';
import type { SegmentReactivation } from '../opportunities/detect-win-back-opportunities.ts';
import { computeRfm } from '../rfm/compute-rfm.ts';

/**
 * Each RFM segment's members 90 days before asOf and how many of them ordered since — the
 * measured reactivation the win-back opportunities size their lift with. Empty when no customer
 * had ordered by then. Method: one ledger scan (days ascend within a customer, the ledger stops
 * at asOf, so first and last order tell), then RFM as of 90 days ago.
 */
export function measureReactivation(ledger: CustomerLedger, asOf: string): SegmentReactivation[] {
  const then = addDays(asOf, -90);
  const thenDay = toDayNumber(then);
  const { customerIds, start, day } = ledger;
  let anyEarlier = false;
  const returned = new Set<string>();
  for (let c = 0; c < customerIds.length; c += 1) {
    const from = start[c]!;
    const to = start[c + 1]!;
    if (from === to) continue;
    if (day[from]! <= thenDay) anyEarlier = true;
    if (day[to - 1]! > thenDay) returned.add(customerIds[c]!);
  }
  if (!anyEarlier) return [];
  const rfmThen = computeRfm(ledger, then, { growthWindowDays: 30 });
  const bySegment = new Map<string, SegmentReactivation>();
  for (const c of rfmThen.customers) {
    const entry = bySegment.get(c.segment) ?? { segment: c.segment, membersThen: 0, reactivated: 0 };
    entry.membersThen += 1;
    if (returned.has(c.customerId)) entry.reactivated += 1;
    bySegment.set(c.segment, entry);
  }
  return [...bySegment.values()];
}
