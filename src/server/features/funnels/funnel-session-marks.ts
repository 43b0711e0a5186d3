import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FunnelStep } from '../../../core/funnels/types.ts';
import type { Db } from '../../db/client.ts';
import { queryRowsWithoutJit } from '../../db/query-rows.ts';
import {
  FunnelSessionRow,
  type FunnelSessionsQuery,
  funnelSessionFilter,
  KEPT_SESSION_COLUMNS,
  keepChannel,
  REVENUE_COLUMNS,
  sessionRevenue,
} from '../../domain/funnels/funnel-session-filter.ts';
import {
  epochMs,
  needsTrackerEvents,
  pixelStepMask,
  trackerStepMask,
} from '../../domain/funnels/funnel-step-sql.ts';
import { foldFirst } from '../../domain/tracking/fold-events.ts';

/** One session that passed step 1, compacted (decision 118): its events as times and step masks. */
export const SessionMarksRow = FunnelSessionRow.extend({
  times: z.array(z.coerce.number()),
  steps: z.array(z.coerce.number()),
});
export type SessionMarks = z.infer<typeof SessionMarksRow>;

/**
 * The sessions of a funnel report that passed its first step, read from the raw events, one compact
 * row each (decision 118): the sessions of the days and filters asked (funnelSessionFilter); of
 * their pixel events and — only when a step can match them — their tracker page views and clicks,
 * only those passing some step, as times (ms) and step masks (two aligned arrays in no particular
 * order: matchFunnelMarks orders them); the revenue of the orders joined to the session and their
 * contribution parts; the channel inputs, the channel filter being applied here. This is the
 * definition the pre-aggregates (decision 134) are held equal to; the report reads those.
 * The marks are a materialised CTE (decision 247): inlined, the planner took `kept` for one row where
 * the tracker's tables had no statistics yet and rescanned the workspace's events, their step
 * expressions and regular expressions included, once per kept session (4.4 s a read for 169 sessions).
 */
export async function readFunnelSessionMarks(
  db: Db,
  query: FunnelSessionsQuery & { steps: readonly FunnelStep[] },
): Promise<SessionMarks[]> {
  await foldFirst(db);
  const { workspaceId, steps } = query;
  const sessionFilter = await funnelSessionFilter(db, query);
  const rows = await queryRowsWithoutJit(
    db,
    SessionMarksRow,
    sql`WITH kept AS MATERIALIZED (SELECT ${KEPT_SESSION_COLUMNS} FROM tracking_sessions s WHERE ${sessionFilter}),
      marks AS MATERIALIZED (
        SELECT * FROM (
          SELECT p.configuration_id, p.session_id, p.occurred_at AS at, ${pixelStepMask(steps)} AS steps
          FROM tracking_pixel_events p
          WHERE p.workspace_id = ${workspaceId}::uuid AND p.session_id IS NOT NULL
          ${
            needsTrackerEvents(steps)
              ? sql`UNION ALL
          SELECT e.configuration_id, e.session_id, e.client_time, ${trackerStepMask(steps)}
          FROM tracking_events e
          WHERE e.workspace_id = ${workspaceId}::uuid AND e.event_type IN ('page_view', 'click', 'dead_click')`
              : sql``
          }) m WHERE m.steps <> 0),
      passed AS (
        SELECT m.configuration_id, m.session_id, array_agg(${epochMs(sql`m.at`)}) AS times, array_agg(m.steps) AS steps
        FROM marks m JOIN kept k ON k.configuration_id = m.configuration_id AND k.session_id = m.session_id
        GROUP BY m.configuration_id, m.session_id
        HAVING bool_or(m.steps & 1 = 1)),
      revenue AS MATERIALIZED (${sessionRevenue(workspaceId, sql`kept`)})
      SELECT k.session_id, c.tracking_id, k.started_at, k.device, k.last_page_url AS exit_page, k.utm_source,
        k.utm_medium, k.referrer, k.fbclid, k.gclid, k.ttclid, k.msclkid, ${REVENUE_COLUMNS}, p.times, p.steps
      FROM passed p
        JOIN kept k ON k.configuration_id = p.configuration_id AND k.session_id = p.session_id
        JOIN tracking_configurations c ON c.id = k.configuration_id
        LEFT JOIN revenue r ON r.configuration_id = p.configuration_id AND r.session_id = p.session_id`,
  );
  return keepChannel(rows, query.filters.channel);
}
