import type { RfmSegment } from '../rfm/compute-rfm.ts';
import type { CustomerSnapshotRow, SegmentSnapshotRow } from './types.ts';

/**
 * The RFM segments in display order with their members' mean P(alive) and mean 12-month CLV
 * (over the members the models scored; null when none were).
 */
export function summarizeSegments(
  segments: readonly RfmSegment[],
  customers: readonly CustomerSnapshotRow[],
): SegmentSnapshotRow[] {
  const segmentModel = new Map<string, { alive: number; clv: number; n: number }>();
  for (const c of customers) {
    if (c.probabilityAlive === null) continue;
    const entry = segmentModel.get(c.segment) ?? { alive: 0, clv: 0, n: 0 };
    entry.alive += c.probabilityAlive;
    entry.clv += c.clv12m ?? 0;
    entry.n += 1;
    segmentModel.set(c.segment, entry);
  }
  return segments.map((s, position) => {
    const model = segmentModel.get(s.segment);
    return {
      segment: s.segment,
      position,
      customers: s.customers,
      orders: s.orders,
      revenue: s.revenue,
      growthRate: s.growthRate,
      averageProbabilityAlive: model && model.n > 0 ? model.alive / model.n : null,
      averageClv: model && model.n > 0 ? model.clv / model.n : null,
    };
  });
}
