import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FunnelReportQuery, FunnelStepSessions } from '../../../shared/contracts/funnels.ts';
import { currencyDigitsOf, minorToDecimal } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRowsWithoutJit } from '../../db/query-rows.ts';
import { funnelSessionFilter } from '../../domain/funnels/funnel-session-filter.ts';
import { epochMs } from '../../domain/funnels/funnel-step-sql.ts';
import { prepareFunnelRead, type ReportedFunnel } from '../../domain/funnels/prepare-funnel-read.ts';
import { badRequest } from '../../errors.ts';

/** The sessions listed at most (the contract's "latest 50"). */
const LATEST = 50;

const DrillDownRow = z.object({
  sessions: z.coerce.number(),
  left_here: z.coerce.number(),
  exit_pages: z.array(
    z.object({ tracking_id: z.string(), page_url: z.string(), sessions: z.coerce.number() }),
  ),
  latest: z.array(
    z.object({
      session_id: z.string(),
      tracking_id: z.string(),
      started_at: z.number(),
      device: z.string().nullable(),
      exit_page: z.string(),
      furthest_step: z.coerce.number(),
      revenue: z.coerce.number(),
    }),
  ),
});

/**
 * GET /api/funnels/:id/steps/:step/sessions (issue 40): of the report's sessions (the same days and
 * filters: funnelSessionFilter, the fold's stored channel as the report's), those that passed step
 * `step` (1-based), how many went no further, the pages those left the site from and the latest
 * sessions — counted in the database over the funnel's folded paths (funnel_session_marks, decision
 * 134; prepareFunnelRead folds first) and their buying sessions' revenue (funnel_buyer_sessions),
 * decision 208: counts and exit pages by GROUP BY, the latest by ORDER BY … LIMIT, so Node receives
 * the exit pages and 50 sessions, never the period's. summarizeFunnelStep (src/core) is the
 * definition this equals (test/funnels/funnel-rollup-agreement.test.ts): furthest step = steps
 * passed; ties in code-unit order (COLLATE "C"), start times to the millisecond as JS holds them. A
 * step past the funnel's last is a 400 naming `step`.
 */
export async function readFunnelStepSessions(
  db: Db,
  workspaceId: string,
  funnel: ReportedFunnel,
  step: number,
  query: FunnelReportQuery,
  now: Date,
): Promise<FunnelStepSessions> {
  if (step > funnel.steps.length)
    throw badRequest(
      `step: this funnel has ${funnel.steps.length} steps; step must be 1 to ${funnel.steps.length}.`,
    );
  const { from, to, timeZone, currency } = await prepareFunnelRead(db, workspaceId, funnel, query, now);
  const { from: _from, to: _to, ...filters } = query;
  const sessionFilter = await funnelSessionFilter(db, { workspaceId, timeZone, from, to, filters });
  const [row] = await queryRowsWithoutJit(
    db,
    DrillDownRow,
    sql`WITH kept AS MATERIALIZED (
        SELECT s.configuration_id, s.session_id, date_trunc('milliseconds', s.started_at) AS started_at, s.device,
          s.last_page_url, cardinality(m.passed_at) AS furthest, cardinality(m.passed_at) = ${step} AS left_here
        FROM tracking_sessions s
          JOIN funnel_session_marks m ON m.workspace_id = s.workspace_id AND m.funnel_key = ${funnel.id}
            AND m.configuration_id = s.configuration_id AND m.session_id = s.session_id
        WHERE ${sessionFilter} AND cardinality(m.passed_at) >= ${step}
          ${filters.channel ? sql`AND m.channel = ${filters.channel}` : sql``}),
      exits AS (
        SELECT c.tracking_id, k.last_page_url AS page_url, count(*) AS sessions
        FROM kept k JOIN tracking_configurations c ON c.id = k.configuration_id
        WHERE k.left_here GROUP BY c.tracking_id, k.last_page_url),
      latest AS (
        SELECT k.* FROM kept k ORDER BY k.left_here DESC, k.started_at DESC, k.session_id COLLATE "C" LIMIT ${LATEST})
      SELECT (SELECT count(*) FROM kept) AS sessions, (SELECT count(*) FROM kept WHERE left_here) AS left_here,
        (SELECT coalesce(json_agg(e ORDER BY e.sessions DESC, e.page_url COLLATE "C", e.tracking_id COLLATE "C"), '[]')
          FROM exits e) AS exit_pages,
        (SELECT coalesce(json_agg(json_build_object('session_id', l.session_id, 'tracking_id', c.tracking_id,
            'started_at', ${epochMs(sql`l.started_at`)}, 'device', l.device, 'exit_page', l.last_page_url,
            'furthest_step', l.furthest, 'revenue', coalesce(r.revenue, 0))
            ORDER BY l.left_here DESC, l.started_at DESC, l.session_id COLLATE "C"), '[]')
          FROM latest l
            JOIN tracking_configurations c ON c.id = l.configuration_id
            LEFT JOIN funnel_buyer_sessions r ON r.workspace_id = ${workspaceId}::uuid AND r.funnel_key = ${funnel.id}
              AND r.configuration_id = l.configuration_id AND r.session_id = l.session_id) AS latest`,
  );
  const digits = currencyDigitsOf(currency);
  return {
    name: funnel.steps[step - 1]!.value,
    step,
    from,
    to,
    currency,
    sessions: row?.sessions ?? 0,
    leftHere: row?.left_here ?? 0,
    exitPages: (row?.exit_pages ?? []).map((e) => ({
      trackingId: e.tracking_id,
      pageUrl: e.page_url,
      sessions: e.sessions,
    })),
    latest: (row?.latest ?? []).map((s) => ({
      sessionId: s.session_id,
      trackingId: s.tracking_id,
      startedAt: new Date(s.started_at).toISOString(),
      device: s.device,
      exitPage: s.exit_page,
      furthestStep: s.furthest_step,
      revenue: minorToDecimal(Math.round(s.revenue), digits),
    })),
  };
}
