import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FunnelCounts, FunnelGapCount } from '../../../core/funnels/summarize-funnel-counts.ts';
import { contributionOf } from '../../../core/profit/contribution-of.ts';
import type { Db } from '../../db/client.ts';
import { queryRows, queryRowsWithoutJit } from '../../db/query-rows.ts';
import {
  FunnelSessionRow,
  type FunnelSessionsQuery,
  funnelSessionFilter,
  KEPT_SESSION_COLUMNS,
  keepChannel,
  REVENUE_COLUMNS,
  SessionRevenueRow,
  sessionRevenue,
} from './funnel-session-filter.ts';

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

/** A session of a funnel read with the path it took (funnel_session_marks.passed_at). */
export const FunnelPathRow = FunnelSessionRow.extend({ passed_at: z.array(z.coerce.number()) });
export type FunnelPathRow = z.infer<typeof FunnelPathRow>;

/**
 * The sessions of a funnel read that passed its first step, from the pre-aggregates (decision 134):
 * the sessions of the days and filters asked (funnelSessionFilter, the same condition as the raw
 * read) joined to their folded path, with the revenue of their orders and its contribution parts;
 * the channel filter applied here. Linear in the period's sessions, not in their events.
 */
export async function readFunnelPaths(
  db: Db,
  key: string,
  query: FunnelSessionsQuery,
): Promise<FunnelPathRow[]> {
  const { workspaceId } = query;
  const sessionFilter = await funnelSessionFilter(db, query);
  const rows = await queryRowsWithoutJit(
    db,
    FunnelPathRow,
    sql`WITH kept AS MATERIALIZED (
        SELECT ${KEPT_SESSION_COLUMNS}, m.passed_at FROM tracking_sessions s
          JOIN funnel_session_marks m ON m.workspace_id = s.workspace_id AND m.funnel_key = ${key}
            AND m.configuration_id = s.configuration_id AND m.session_id = s.session_id
        WHERE ${sessionFilter} AND cardinality(m.passed_at) > 0),
      revenue AS MATERIALIZED (${sessionRevenue(workspaceId, sql`kept`)})
      SELECT k.session_id, c.tracking_id, k.started_at, k.device, k.last_page_url AS exit_page, k.utm_source,
        k.utm_medium, k.referrer, k.fbclid, k.gclid, k.ttclid, k.msclkid, ${REVENUE_COLUMNS}, k.passed_at
      FROM kept k
        JOIN tracking_configurations c ON c.id = k.configuration_id
        LEFT JOIN revenue r ON r.configuration_id = k.configuration_id AND r.session_id = k.session_id`,
  );
  return keepChannel(rows, query.filters.channel);
}

const GapRow = z.object({ step: z.number().int(), gap_ms: z.coerce.number(), sessions: z.coerce.number() });
const BuyerRow = SessionRevenueRow.extend({ steps_passed: z.coerce.number() });

/**
 * A funnel's step counts over shop days `from`–`to` from the daily step table, and the sessions that
 * passed step 1 and have orders (decision 134): what summarizeFunnelCounts needs, for the reports
 * filtered by device and channel only (both are columns of the table). Reads O(days × devices ×
 * channels × distinct gaps) count rows and the period's buying sessions, never the sessions of the
 * period one by one.
 */
export async function readFunnelCounts(
  db: Db,
  key: string,
  query: {
    workspaceId: string;
    from: string;
    to: string;
    stepCount: number;
    device?: string;
    channel?: string;
  },
): Promise<Omit<FunnelCounts, 'totalRevenue'>> {
  const { workspaceId, from, to, device, channel } = query;
  const where = (alias: string) => {
    const t = sql.raw(alias);
    return sql`${t}.workspace_id = ${workspaceId}::uuid AND ${t}.funnel_key = ${key}
      AND ${t}.day BETWEEN ${from}::date AND ${to}::date
      ${device ? sql`AND ${t}.device = ${device}` : sql``} ${channel ? sql`AND ${t}.channel = ${channel}` : sql``}`;
  };
  const gapRows = await queryRows(
    db,
    GapRow,
    sql`SELECT f.step, f.gap_ms, sum(f.sessions) AS sessions FROM funnel_step_days f WHERE ${where('f')}
      GROUP BY f.step, f.gap_ms HAVING sum(f.sessions) <> 0 ORDER BY f.step, f.gap_ms`,
  );
  const gaps: FunnelGapCount[][] = Array.from({ length: query.stepCount }, () => []);
  for (const row of gapRows) gaps[row.step]?.push({ gapMs: row.gap_ms, sessions: row.sessions });
  // Nested loops off: the buying sessions' estimate (a grouped join) is far too low, and the
  // revenue joins planned as nested loops over it took 20 s on the demo store.
  const buyers = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx.execute(sql`SET LOCAL enable_nestloop = off`);
    return queryRows(
      tx,
      BuyerRow,
      sql`WITH kept AS MATERIALIZED (
        SELECT m.configuration_id, m.session_id, cardinality(m.passed_at) AS steps_passed
        FROM tracking_order_journeys j
          JOIN funnel_session_marks m ON m.workspace_id = j.workspace_id AND m.funnel_key = ${key}
            AND m.configuration_id = j.configuration_id AND m.session_id = j.session_id
        WHERE j.workspace_id = ${workspaceId}::uuid AND ${where('m')} AND cardinality(m.passed_at) > 0
        GROUP BY m.configuration_id, m.session_id, m.passed_at),
      revenue AS MATERIALIZED (${sessionRevenue(workspaceId, sql`kept`)})
      SELECT k.steps_passed, ${REVENUE_COLUMNS}
      FROM kept k JOIN revenue r ON r.configuration_id = k.configuration_id AND r.session_id = k.session_id`,
    );
  });
  return {
    gaps,
    buyers: buyers.map((b) => ({
      stepsPassed: b.steps_passed,
      revenue: b.revenue,
      contribution: contributionOfRow(b),
    })),
  };
}
