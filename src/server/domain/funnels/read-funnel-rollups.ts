import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { gapBucketBounds } from '../../../core/funnels/gap-bucket-bounds.ts';
import { type BucketCount, locateRank } from '../../../core/funnels/locate-rank.ts';
import { medianRanks } from '../../../core/funnels/median-ranks.ts';
import type { FunnelCounts, FunnelStepCount } from '../../../core/funnels/summarize-funnel-counts.ts';
import { contributionOf } from '../../../core/profit/contribution-of.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { SessionRevenueRow } from './funnel-session-filter.ts';

/** Contribution margin of a session's orders from their parts (minor units). */
export const contributionOfRow = (row: z.infer<typeof SessionRevenueRow>) =>
  contributionOf({
    grossSales: row.gross_sales,
    shippingCharges: row.shipping_charges,
    discounts: row.discounts,
    returns: row.returns,
    cogs: row.cogs,
    shipping: row.shipping,
    paymentFees: row.payment_fees,
  }).contributionMargin;

/** One of a step's median ranks (medianRanks) and the gap in ms at that rank among the step's gaps, ascending. */
export const RankGapRow = z.object({
  step: z.number().int(),
  rank: z.number().int(),
  gap_ms: z.coerce.number(),
});

/** The days and filters a read of a funnel's daily tables keeps. */
export interface RollupQuery {
  workspaceId: string;
  from: string;
  to: string;
  /** '' for every session, or one campaign's, A/B variant's or visitor kind's slice (funnelSlicesOf, decisions 199, 202). */
  slice: string;
  device?: string | undefined;
  channel?: string | undefined;
}

/**
 * summarizeFunnelCounts' steps from each step's sessions (`totals`) and the gaps read at its median's
 * two ranks (`gaps`, RankGapRow); a step with sessions whose rank was not read is an error, not a
 * wrong median.
 */
export function stepCountsOf(
  key: string,
  totals: readonly number[],
  gaps: readonly z.infer<typeof RankGapRow>[],
): FunnelStepCount[] {
  const gapAt = new Map(gaps.map((row) => [`${row.step} ${row.rank}`, row.gap_ms]));
  return totals.map((sessions, step) => {
    if (step === 0 || sessions === 0) return { sessions, medianGapsMs: null };
    const { lower, upper } = medianRanks(sessions);
    const gap = (rank: number) => {
      const found = gapAt.get(`${step} ${rank}`);
      if (found === undefined) throw new Error(`funnel ${key}: no gap of rank ${rank} at step ${step + 1}`);
      return found;
    };
    return { sessions, medianGapsMs: [gap(lower), gap(upper)] };
  });
}

const BucketRow = z.object({ step: z.number().int(), bucket: z.number().int(), sessions: z.coerce.number() });

/** The revenue and contribution parts of a funnel's buying sessions summed per number of steps passed. */
export const BuyerRow = SessionRevenueRow.extend({ steps_passed: z.coerce.number() });

/** summarizeFunnelCounts' buyers from the sums per steps passed (contributionOf is linear: the sums' margin is the sum of margins). */
export const buyersOf = (rows: readonly z.infer<typeof BuyerRow>[]): FunnelCounts['buyers'] =>
  rows.map((b) => ({ stepsPassed: b.steps_passed, revenue: b.revenue, contribution: contributionOfRow(b) }));

/** The rows of a funnel's daily table (alias `alias`) a read keeps: its days, slice, device and channel. */
export function rollupRows(alias: string, key: string, query: RollupQuery): SQL {
  const { workspaceId, from, to, slice, device, channel } = query;
  const t = sql.raw(alias);
  return sql`${t}.workspace_id = ${workspaceId}::uuid AND ${t}.funnel_key = ${key} AND ${t}.slice = ${slice}
    AND ${t}.day BETWEEN ${from}::date AND ${to}::date
    ${device ? sql`AND ${t}.device = ${device}` : sql``} ${channel ? sql`AND ${t}.channel = ${channel}` : sql``}`;
}

/**
 * A funnel's step counts over shop days `from`–`to` from the daily step tables, and the revenue and
 * contribution parts of the sessions that passed step 1 and have orders, summed per number of steps
 * passed from the daily revenue table (decisions 134, 141, 174): what summarizeFunnelCounts needs, for the
 * reports filtered by device and channel (both are columns of the tables) and by one campaign, one
 * A/B variant or new or returning visitors (a slice of the tables, decisions 199, 202). The medians in two
 * levels: the sessions per step and gap bucket (O(days × devices × channels × buckets) rows) give each
 * step's total and the buckets of its median's two ranks (locateRank); then only the exact gaps
 * inside those buckets are read, and the database returns the gap at each rank. Never the sessions
 * of the period one by one, nor every distinct gap.
 */
export async function readFunnelCounts(
  db: Db,
  key: string,
  query: RollupQuery & { stepCount: number },
): Promise<Omit<FunnelCounts, 'totalRevenue'>> {
  const where = (alias: string) => rollupRows(alias, key, query);
  const bucketRows = await queryRows(
    db,
    BucketRow,
    sql`SELECT f.step, f.bucket, sum(f.sessions) AS sessions FROM funnel_step_buckets f WHERE ${where('f')}
      GROUP BY f.step, f.bucket HAVING sum(f.sessions) <> 0 ORDER BY f.step, f.bucket`,
  );
  const buckets: BucketCount[][] = Array.from({ length: query.stepCount }, () => []);
  for (const row of bucketRows) buckets[row.step]?.push({ bucket: row.bucket, sessions: row.sessions });
  const totals = buckets.map((counts) => counts.reduce((sum, c) => sum + c.sessions, 0));
  /** Per step after the first with sessions: its median's two ranks, each located in its bucket. */
  const wanted = totals.flatMap((n, step) => {
    if (step === 0 || n === 0) return [];
    const { lower, upper } = medianRanks(n);
    return [lower, upper].map((rank) => {
      const { bucket, rankInBucket } = locateRank(buckets[step]!, rank);
      return { step, rank, rankInBucket, ...gapBucketBounds(bucket) };
    });
  });
  // Per wanted rank: the exact gaps of its step inside its bucket's bounds, summed over the
  // period's rows, and the first gap whose running count passes the rank inside the bucket.
  const gaps =
    wanted.length === 0
      ? []
      : await queryRows(
          db,
          RankGapRow,
          sql`SELECT w.step, w.rank, g.gap_ms
        FROM json_to_recordset(${JSON.stringify(wanted)}::json)
          AS w(step smallint, rank integer, "rankInBucket" integer, "fromMs" float8, "toMs" float8)
        CROSS JOIN LATERAL (
          SELECT c.gap_ms FROM (
            SELECT f.gap_ms, sum(sum(f.sessions)) OVER (ORDER BY f.gap_ms) AS running
            FROM funnel_step_days f
            WHERE ${where('f')} AND f.step = w.step AND f.gap_ms >= w."fromMs" AND f.gap_ms < w."toMs"
            GROUP BY f.gap_ms) c
          WHERE c.running > w."rankInBucket" ORDER BY c.gap_ms LIMIT 1) g`,
        );
  const steps = stepCountsOf(key, totals, gaps);
  // The buying sessions' revenue and contribution parts, summed per steps passed over the period's
  // daily rows (decision 174): O(days × devices × channels × steps) rows, whatever the orders.
  const buyers = await queryRows(
    db,
    BuyerRow,
    sql`SELECT f.steps_passed, sum(f.revenue) AS revenue, sum(f.gross_sales) AS gross_sales,
        sum(f.shipping_charges) AS shipping_charges, sum(f.discounts) AS discounts, sum(f.returns) AS returns,
        sum(f.cogs) AS cogs, sum(f.shipping) AS shipping, sum(f.payment_fees) AS payment_fees
      FROM funnel_revenue_days f WHERE ${where('f')}
      GROUP BY f.steps_passed ORDER BY f.steps_passed`,
  );
  return { steps, buyers: buyersOf(buyers) };
}
