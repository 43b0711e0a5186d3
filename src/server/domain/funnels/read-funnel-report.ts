import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { funnelSlicesOf } from '../../../core/funnels/funnel-slices-of.ts';
import { summarizeFunnelCounts } from '../../../core/funnels/summarize-funnel-counts.ts';
import type { FunnelReport, FunnelReportQuery } from '../../../shared/contracts/funnels.ts';
import { currencyDigitsOf, minorToDecimal } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { checkSegment } from './funnel-session-filter.ts';
import { prepareFunnelRead, type ReportedFunnel } from './prepare-funnel-read.ts';
import { readFilteredFunnelCounts } from './read-filtered-funnel-counts.ts';
import { readFunnelCounts } from './read-funnel-rollups.ts';
import { segmentSliceReady } from './segment-slices.ts';

/**
 * Revenue of every order of the shop days `from`–`to` (minor units): the denominator of a step's
 * share — valid orders (not test, not cancelled) by their order day. Read from the analysis facts'
 * daily sums (wh_fact_order_days, decision 084: the same orders and total) for the days no write has
 * marked since their last refresh, and from the orders themselves for the marked days (statement
 * triggers mark every day a write of orders touches, wh_fact_dirty_days): exact whatever the
 * refresh's age, O(days + the marked days' orders) instead of every order of the period (decision
 * 188). One statement, so one snapshot: a refresh that moves a day from marked to summed commits
 * both together. Writes nothing (a GET).
 */
async function periodRevenue(db: Db, workspaceId: string, from: string, to: string): Promise<number> {
  const [total] = await queryRows(
    db,
    z.object({ revenue: z.coerce.number() }),
    sql`WITH marked AS MATERIALIZED (
        SELECT DISTINCT order_date FROM wh_fact_dirty_days
        WHERE workspace_id = ${workspaceId}::uuid AND order_date BETWEEN ${from}::date AND ${to}::date)
      SELECT (SELECT COALESCE(sum(f.total_minor), 0) FROM wh_fact_order_days f
          WHERE f.workspace_id = ${workspaceId}::uuid AND f.order_date BETWEEN ${from}::date AND ${to}::date
            AND f.order_date NOT IN (SELECT order_date FROM marked))
        + (SELECT COALESCE(sum(o.total_minor), 0) FROM wh_orders o
          WHERE o.workspace_id = ${workspaceId}::uuid AND NOT o.test AND o.cancelled_at IS NULL
            AND o.order_date = ANY(ARRAY(SELECT order_date FROM marked))) AS revenue`,
  );
  return total?.revenue ?? 0;
}

/**
 * The slice of the daily tables a report's filters read (decisions 199, 202, 224): '' with no
 * campaign, no A/B variant, no visitor filter and no segment, the one slice of a campaign, of a
 * variant, of new or returning visitors or of an RFM segment (when `segmentSliced`: the funnel's
 * segment slices are of the latest analysis run), or null — what the tables do not key (two of those
 * together, a segment whose re-slice is pending) is counted over the sessions instead.
 */
export function sliceOf(
  filters: Omit<FunnelReportQuery, 'from' | 'to'>,
  segmentSliced: boolean,
): string | null {
  const { campaign, visitor, experiment, variant, segment } = filters;
  if (segment && !segmentSliced) return null;
  const slices = funnelSlicesOf({
    campaign,
    variants: experiment && variant ? [`${experiment}:${variant}`] : [],
    returning: visitor === undefined ? undefined : visitor === 'returning',
    segments: segment ? [segment] : [],
  });
  return slices.length > 1 ? null : (slices[0] ?? '');
}

/**
 * GET /api/funnels/:id/report (issue 40, decisions 108, 118, 134 and 192): per step the sessions,
 * conversion, median time, drop-off, the revenue of the orders joined to the sessions with its share
 * of all revenue orders of the days, and their contribution margin. Unfiltered or filtered by device
 * and channel, and under one campaign, one A/B variant, new or returning visitors or one RFM segment,
 * from the daily step tables (readFunnelCounts, decisions 199, 202 and 224); under the other filters,
 * counted in the database over the period's filtered sessions
 * and their folded paths (readFilteredFunnelCounts).
 * Both give summarizeFunnelCounts the counts of the raw read, so both give its figures.
 */
export async function readFunnelReport(
  db: Db,
  workspaceId: string,
  funnel: ReportedFunnel,
  query: FunnelReportQuery,
  now: Date,
): Promise<FunnelReport> {
  const { from: _from, to: _to, ...filters } = query;
  const { device, channel } = filters;
  const { from, to, timeZone, currency } = await prepareFunnelRead(db, workspaceId, funnel, query, now);
  const stepCount = funnel.steps.length;
  checkSegment(filters.segment);
  const slice = sliceOf(filters, !!filters.segment && (await segmentSliceReady(db, workspaceId, funnel.id)));
  const counts =
    slice === null
      ? await readFilteredFunnelCounts(db, funnel.id, { workspaceId, timeZone, from, to, filters, stepCount })
      : await readFunnelCounts(db, funnel.id, { workspaceId, from, to, stepCount, slice, device, channel });
  const totalRevenue = await periodRevenue(db, workspaceId, from, to);
  const digits = currencyDigitsOf(currency);
  return {
    name: funnel.name,
    from,
    to,
    currency,
    steps: summarizeFunnelCounts({ ...counts, totalRevenue }).map((step, i) => ({
      name: funnel.steps[i]!.value,
      ...step,
      revenue: minorToDecimal(Math.round(step.revenue), digits),
      contribution: minorToDecimal(Math.round(step.contribution), digits),
    })),
  };
}
