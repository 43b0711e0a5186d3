import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FunnelCounts } from '../../../core/funnels/summarize-funnel-counts.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { type FunnelSessionsQuery, funnelSessionFilter } from './funnel-session-filter.ts';
import { BuyerRow, buyersOf, RankGapRow, stepCountsOf } from './read-funnel-rollups.ts';

const CountsRow = z.object({
  passed: z.array(BuyerRow.extend({ sessions: z.coerce.number() })),
  gaps: z.array(RankGapRow),
});

/**
 * A funnel's step counts under the filters the daily tables do not key — RFM segment, or two of a
 * campaign, an A/B variant and new or returning visitors together (each alone is a slice of the
 * tables, decisions 199 and 202), with device and channel — counted in the database in one
 * statement (decision 192): what summarizeFunnelCounts needs, as readFunnelCounts gives it for the
 * keyed filters, so both reports are summarized by one function.
 *
 * The sessions are those of funnelSessionFilter (the raw read's condition) that passed step 1, with
 * the path the fold stored (funnel_session_marks, decision 134; the caller folds first), of the
 * channel the fold stored for them (the one the daily tables are keyed by), and their buying
 * sessions' revenue parts (funnel_buyer_sessions, decisions 174 and 188). Per number of steps
 * passed: the sessions and the sums of those parts — so step i's sessions are those that passed more
 * than i steps. Per step after the first: the gaps between consecutive passes, sorted, and the two
 * at its median's ranks (medianRanks: ⌊(n − 1) / 2⌋ and the next, which exists unless n = 1, where
 * both ranks are 0), n taken from the counts per steps passed so the ranking is one streaming pass.
 * Node receives O(steps) rows, never a session; the statement is linear in the filtered sessions
 * (their probes) plus n log n in their gaps (the sort).
 */
export async function readFilteredFunnelCounts(
  db: Db,
  key: string,
  query: FunnelSessionsQuery & { stepCount: number },
): Promise<Omit<FunnelCounts, 'totalRevenue'>> {
  const { workspaceId, filters } = query;
  const sessionFilter = await funnelSessionFilter(db, query);
  // JIT off as queryRowsWithoutJit; and memory for the sort of every gap and the hash joins (a
  // 10M-event store's 250k-session campaign sorts ~750k gaps: on disk with the default 4 MB).
  const [row] = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    return queryRows(
      tx,
      CountsRow,
      sql`WITH kept AS MATERIALIZED (
        SELECT m.passed_at, r.revenue, r.gross_sales, r.shipping_charges, r.discounts, r.returns, r.cogs, r.shipping,
          r.payment_fees
        FROM tracking_sessions s
          JOIN funnel_session_marks m ON m.workspace_id = s.workspace_id AND m.funnel_key = ${key}
            AND m.configuration_id = s.configuration_id AND m.session_id = s.session_id
          LEFT JOIN funnel_buyer_sessions r ON r.workspace_id = ${workspaceId}::uuid AND r.funnel_key = ${key}
            AND r.configuration_id = m.configuration_id AND r.session_id = m.session_id
        WHERE ${sessionFilter} AND cardinality(m.passed_at) > 0
          ${filters.channel ? sql`AND m.channel = ${filters.channel}` : sql``}),
      passed AS (
        SELECT cardinality(k.passed_at) AS steps_passed, count(*) AS sessions,
          coalesce(sum(k.revenue), 0) AS revenue, coalesce(sum(k.gross_sales), 0) AS gross_sales,
          coalesce(sum(k.shipping_charges), 0) AS shipping_charges, coalesce(sum(k.discounts), 0) AS discounts,
          coalesce(sum(k.returns), 0) AS returns, coalesce(sum(k.cogs), 0) AS cogs,
          coalesce(sum(k.shipping), 0) AS shipping, coalesce(sum(k.payment_fees), 0) AS payment_fees
        FROM kept k GROUP BY 1),
      medians AS (
        SELECT i AS step, (sum(p.sessions)::bigint - 1) / 2 AS lower
        FROM passed p, generate_series(1, p.steps_passed - 1) i GROUP BY i),
      ranked AS (
        SELECT g.step, g.gap_ms, row_number() OVER (PARTITION BY g.step ORDER BY g.gap_ms) - 1 AS rank
        FROM (SELECT i AS step, k.passed_at[i + 1] - k.passed_at[i] AS gap_ms
          FROM kept k, generate_series(1, cardinality(k.passed_at) - 1) i) g)
      SELECT (SELECT coalesce(json_agg(p), '[]') FROM passed p) AS passed,
        (SELECT coalesce(json_agg(json_build_object('step', r.step, 'rank', r.rank, 'gap_ms', r.gap_ms)), '[]')
          FROM ranked r JOIN medians w ON w.step = r.step AND r.rank IN (w.lower, w.lower + 1)) AS gaps`,
    );
  });
  const passed = row?.passed ?? [];
  const totals = Array.from({ length: query.stepCount }, (_, step) =>
    passed.reduce((sum, p) => (p.steps_passed > step ? sum + p.sessions : sum), 0),
  );
  return { steps: stepCountsOf(key, totals, row?.gaps ?? []), buyers: buyersOf(passed) };
}
