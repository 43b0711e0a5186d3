import { fromDayNumber } from '../../../core/dates/from-day-number.ts';
import { toDayNumber } from '../../../core/dates/to-day-number.ts';
import { checkForecastBands } from '../../../core/insights/check-forecast-bands.ts';
import { compareRanges } from '../../../core/insights/compare-ranges.ts';
import { formatChannel } from '../../../core/insights/format-channel.ts';
import type { BandDay, PeriodMover } from '../../../core/insights/types.ts';
import type { CustomerLedger } from '../../../core/ledger/to-customer-ledger.ts';
import type { AnalysisFacts, AnalysisSnapshot } from '../../../core/pipeline/types.ts';
import type { Db } from '../../db/client.ts';
import { analysisInsightDays, analysisInsightMovers, type MoverDimension } from '../../db/schema/insights.ts';

/** The periods the insights page offers (GET /api/insights?period=7|30|90). */
export const INSIGHT_PERIODS = [7, 30, 90] as const;
/** Movers kept per period and dimension (the page shows the top few; the rest is noise). */
const MOVERS_KEPT = 10;

/** A window the insights speak of: its days (inclusive), its length and the days it is compared with. */
export interface InsightWindow {
  period: number;
  from: string;
  to: string;
  previous: { from: string; to: string };
}

/** The windows every run computes: the last 7, 30 and 90 days up to asOf, each against the days just before. */
export function analysedWindows(asOf: string): InsightWindow[] {
  const end = toDayNumber(asOf);
  return INSIGHT_PERIODS.map((period) => ({
    period,
    from: fromDayNumber(end - period + 1),
    to: asOf,
    previous: { from: fromDayNumber(end - 2 * period + 1), to: fromDayNumber(end - period) },
  }));
}

export interface InsightSnapshot {
  days: (BandDay & { period: number })[];
  movers: (PeriodMover & { period: number; dimension: MoverDimension })[];
}

/**
 * What the insights page needs from one analysis run (its three windows) or of any range asked
 * (read-insights.ts, one window): per window, each day against the forecast made before it, and
 * revenue per product, channel (last click; no journey = direct, as attribution counts it) and
 * current RFM segment in the window and in the days it is compared with. Pure.
 */
export function computeInsightSnapshot(
  facts: AnalysisFacts,
  segmentOf: ReadonlyMap<string, string>,
  windows: readonly InsightWindow[] = analysedWindows(facts.asOf),
): InsightSnapshot {
  const daily = new Map<string, number>();
  for (const g of facts.orderDays) daily.set(g.date, (daily.get(g.date) ?? 0) + g.total);
  for (const r of facts.refunds) daily.set(r.date, (daily.get(r.date) ?? 0) - r.amount);
  const history = [...daily].map(([date, value]) => ({ date, value }));

  // Movers compare the windows' days only: the rows of older days (most of a store's history)
  // are left out here, once, instead of being skipped by every comparison. Same rows, same order.
  const oldest = Math.min(...windows.flatMap((w) => [toDayNumber(w.from), toDayNumber(w.previous.from)])) - 1;
  const recent = <T extends { date: string }>(items: readonly T[]) =>
    items.filter((item) => toDayNumber(item.date) > oldest);
  const productOf = new Map(facts.variants.map((v) => [v.variantId, v]));
  const rows: Record<MoverDimension, { key: string; label: string; date: string; value: number }[]> = {
    store: history.map((p) => ({ key: 'all', label: 'Store', date: p.date, value: p.value })),
    product: recent(facts.variantSales).map((s) => {
      const v = productOf.get(s.variantId);
      return {
        key: v?.productId ?? s.variantId,
        label: v?.productTitle ?? s.variantId,
        date: s.date,
        value: s.revenue,
      };
    }),
    channel: recent(facts.orderDays).map((g) => {
      const channel = g.lastChannel ?? 'direct';
      return { key: channel, label: formatChannel(channel), date: g.date, value: g.total };
    }),
    segment: segmentRows(facts.customerOrders, segmentOf, oldest),
  };

  const snapshot: InsightSnapshot = { days: [], movers: [] };
  for (const { period, from, to, previous } of windows) {
    for (const day of checkForecastBands(history, to, period) ?? []) snapshot.days.push({ period, ...day });
    for (const dimension of Object.keys(rows) as MoverDimension[]) {
      const movers = compareRanges(rows[dimension], { from, to }, previous).slice(0, MOVERS_KEPT);
      for (const m of movers) snapshot.movers.push({ period, dimension, ...m });
    }
  }
  return snapshot;
}

/** The customers' orders after day `oldest` as rows of their current segment (guests have none). */
function segmentRows(
  ledger: CustomerLedger,
  segmentOf: ReadonlyMap<string, string>,
  oldest: number,
): { key: string; label: string; date: string; value: number }[] {
  const { customerIds, start, day, amount } = ledger;
  const dates = new Map<number, string>();
  const rows: { key: string; label: string; date: string; value: number }[] = [];
  for (let c = 0; c < customerIds.length; c += 1) {
    const segment = segmentOf.get(customerIds[c]!);
    if (!segment) continue;
    for (let j = start[c]!; j < start[c + 1]!; j += 1) {
      const d = day[j]!;
      if (d <= oldest) continue;
      let date = dates.get(d);
      if (date === undefined) {
        date = fromDayNumber(d);
        dates.set(d, date);
      }
      rows.push({ key: segment, label: segment, date, value: amount[j]! });
    }
  }
  return rows;
}

/** The run's insights, from its facts and the segments its analysis gave each customer. Pure. */
export function computeRunInsights(
  facts: AnalysisFacts,
  analysis: Pick<AnalysisSnapshot, 'customers'>,
): InsightSnapshot {
  return computeInsightSnapshot(facts, new Map(analysis.customers.map((c) => [c.customerId, c.segment])));
}

/** Stores the run's insight snapshot (migration 0065), tagged with the run like the others. */
export async function writeInsightSnapshot(
  db: Db,
  workspaceId: string,
  runId: string,
  snapshot: InsightSnapshot,
): Promise<void> {
  const base = { runId, workspaceId };
  if (snapshot.days.length > 0)
    await db.insert(analysisInsightDays).values(snapshot.days.map((d) => ({ ...base, ...d })));
  if (snapshot.movers.length > 0)
    await db.insert(analysisInsightMovers).values(snapshot.movers.map((m) => ({ ...base, ...m })));
}
