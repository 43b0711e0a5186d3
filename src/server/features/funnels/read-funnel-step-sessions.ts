import { sql } from 'drizzle-orm';
import type { FunnelReportQuery, FunnelStepSessions } from '../../../shared/contracts/funnels.ts';
import { currencyDigitsOf, minorToDecimal } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRowsWithoutJit } from '../../db/query-rows.ts';
import { type FunnelSessionsQuery, funnelSessionFilter } from '../../domain/funnels/funnel-session-filter.ts';
import { prepareFunnelRead, type ReportedFunnel } from '../../domain/funnels/prepare-funnel-read.ts';
import { sliceOf } from '../../domain/funnels/read-funnel-report.ts';
import {
  DrillDownRow,
  exitPagesJson,
  LATEST,
  latestJson,
  readFunnelStepRollups,
} from '../../domain/funnels/read-funnel-step-rollups.ts';
import { badRequest } from '../../errors.ts';

/**
 * GET /api/funnels/:id/steps/:step/sessions (issue 40): of the report's sessions (the same days and
 * filters: funnelSessionFilter, the fold's stored channel as the report's), those that passed step
 * `step` (1-based), how many went no further, the pages those left the site from and the latest
 * sessions, with their buying sessions' revenue (funnel_buyer_sessions; prepareFunnelRead folds
 * first). Under the filters the daily tables key (none, device, channel, one slice: sliceOf, as the
 * report) from the pre-aggregates (readFunnelStepRollups, decision 225: not linear in the period's
 * sessions) unless the filter is rare there; under the others, and a rare one, over the period's
 * sessions and their folded paths (readFromPaths, decision 208). Node receives the exit pages and 50 sessions, never the period's. summarizeFunnelStep (src/core) is the
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
  // A segment stays on the statement: the exit-page rollup holds no segment slices (a re-slice per
  // analysis run, decision 224, moves the step tables' counts, not the exit pages').
  const slice = sliceOf(filters, false);
  const row =
    (slice !== null &&
      (await readFunnelStepRollups(db, funnel.id, {
        workspaceId,
        timeZone,
        from,
        to,
        step,
        stepCount: funnel.steps.length,
        slice,
        device: filters.device,
        channel: filters.channel,
      }))) ||
    (await readFromPaths(db, funnel.id, step, { workspaceId, timeZone, from, to, filters }));
  const digits = currencyDigitsOf(currency);
  return {
    name: funnel.steps[step - 1]!.value,
    step,
    from,
    to,
    currency,
    sessions: row.sessions,
    leftHere: row.left_here,
    exitPages: row.exit_pages.map((e) => ({
      trackingId: e.tracking_id,
      pageUrl: e.page_url,
      sessions: e.sessions,
    })),
    latest: row.latest.map((s) => ({
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

/**
 * The drill-down under the filters the daily tables do not key (two slices together, an RFM
 * segment) or keep few sessions of (readFunnelStepRollups' rare filter), decision 208: one statement over the period's filtered sessions joined to their folded
 * paths — counts and exit pages by GROUP BY, the latest by ORDER BY … LIMIT.
 */
async function readFromPaths(
  db: Db,
  key: string,
  step: number,
  query: FunnelSessionsQuery,
): Promise<DrillDownRow> {
  const { workspaceId, filters } = query;
  const sessionFilter = await funnelSessionFilter(db, query);
  const [row] = await queryRowsWithoutJit(
    db,
    DrillDownRow,
    sql`WITH kept AS MATERIALIZED (
        SELECT s.configuration_id, s.session_id, date_trunc('milliseconds', s.started_at) AS started_at, s.device,
          s.last_page_url AS exit_page, cardinality(m.passed_at) AS furthest, cardinality(m.passed_at) = ${step} AS left_here
        FROM tracking_sessions s
          JOIN funnel_session_marks m ON m.workspace_id = s.workspace_id AND m.funnel_key = ${key}
            AND m.configuration_id = s.configuration_id AND m.session_id = s.session_id
        WHERE ${sessionFilter} AND cardinality(m.passed_at) >= ${step}
          ${filters.channel ? sql`AND m.channel = ${filters.channel}` : sql``}),
      exits AS (
        SELECT c.tracking_id, k.exit_page AS page_url, count(*) AS sessions
        FROM kept k JOIN tracking_configurations c ON c.id = k.configuration_id
        WHERE k.left_here GROUP BY c.tracking_id, k.exit_page),
      latest AS (
        SELECT k.* FROM kept k ORDER BY k.left_here DESC, k.started_at DESC, k.session_id COLLATE "C" LIMIT ${LATEST})
      SELECT (SELECT count(*) FROM kept) AS sessions, (SELECT count(*) FROM kept WHERE left_here) AS left_here,
        (${exitPagesJson(sql`SELECT * FROM exits`)}) AS exit_pages,
        (${latestJson(workspaceId, key, sql`SELECT * FROM latest`)}) AS latest`,
  );
  return row ?? { sessions: 0, left_here: 0, exit_pages: [], latest: [] };
}
