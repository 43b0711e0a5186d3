import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { matchFunnel } from '../../../core/funnels/match-funnel.ts';
import { summarizeFunnel } from '../../../core/funnels/summarize-funnel.ts';
import type { FunnelEvent } from '../../../core/funnels/types.ts';
import { sessionChannelOf } from '../../../core/journeys/session-channel-of.ts';
import { addDays, localDayOf } from '../../../shared/calendar.ts';
import type { Funnel, FunnelReport, FunnelReportQuery } from '../../../shared/contracts/funnels.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/** Tracker event types a funnel step can name (the rest are pointer positions). */
const TRACKER_TYPES = new Set(['page_view', 'click', 'dead_click']);

const ShopRow = z.object({ time_zone: z.string().nullable(), currency: z.string().nullable() });
const SessionRow = z.object({
  session_id: z.string(),
  device: z.string().nullable(),
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  referrer: z.string().nullable(),
  fbclid: z.string().nullable(),
  gclid: z.string().nullable(),
  ttclid: z.string().nullable(),
  msclkid: z.string().nullable(),
  revenue: z.coerce.number(),
});
const EventRow = z.object({
  session_id: z.string(),
  at: z.coerce.number(),
  name: z.string(),
  page_url: z.string().nullable(),
  selector: z.string().nullable(),
});

/**
 * GET /api/funnels/:id/report (issue 40, decision 108). The sessions of the store that started on
 * the shop-local days `from`–`to` (default the 30 days up to the shop's today), of one device
 * bucket, channel, UTM campaign, new or returning visitors, or A/B variant; their pixel events and, when a step can match them, their tracker page
 * views and clicks; each session matched through the steps in src/core (matchFunnel), then the
 * per-step figures (summarizeFunnel) with the revenue of the orders joined to the sessions and its
 * share of all revenue orders of the days.
 */
export async function readFunnelReport(
  db: Db,
  workspaceId: string,
  funnel: Pick<Funnel, 'name' | 'steps' | 'windowMinutes'>,
  query: FunnelReportQuery,
  now: Date,
): Promise<FunnelReport> {
  const [shop] = await queryRows(
    db,
    ShopRow,
    sql`SELECT iana_timezone AS time_zone, currency_code AS currency FROM wh_shops WHERE workspace_id = ${workspaceId}::uuid`,
  );
  const timeZone = shop?.time_zone ?? 'UTC';
  const to = query.to ?? localDayOf(now, timeZone);
  const from = query.from ?? addDays(to, -29);
  const inDays = (column: SQL) =>
    sql`(${column} AT TIME ZONE ${timeZone})::date BETWEEN ${from}::date AND ${to}::date`;
  const earlierVisit = sql`EXISTS (SELECT 1 FROM tracking_sessions e WHERE e.workspace_id = s.workspace_id
    AND e.visitor_id = s.visitor_id AND e.started_at < s.started_at)`;
  const sessionFilter = sql`s.workspace_id = ${workspaceId}::uuid AND ${inDays(sql`s.started_at`)}
    ${query.device ? sql`AND s.device = ${query.device}` : sql``}
    ${query.campaign ? sql`AND s.utm_campaign = ${query.campaign}` : sql``}
    ${query.visitor === 'returning' ? sql`AND ${earlierVisit}` : query.visitor === 'new' ? sql`AND NOT ${earlierVisit}` : sql``}
    ${
      query.experiment && query.variant
        ? sql`AND s.experiment_variants @> ARRAY[${`${query.experiment}:${query.variant}`}::text]`
        : sql``
    }`;

  const sessions = await queryRows(
    db,
    SessionRow,
    sql`SELECT s.session_id, s.device, s.utm_source, s.utm_medium, s.referrer, s.fbclid, s.gclid, s.ttclid, s.msclkid,
        COALESCE((SELECT sum(o.total_minor) FROM tracking_order_journeys j
          JOIN wh_orders o ON o.workspace_id = j.workspace_id AND o.order_id = j.order_id
          WHERE j.configuration_id = s.configuration_id AND j.session_id = s.session_id
            AND NOT o.test AND o.cancelled_at IS NULL), 0) AS revenue
      FROM tracking_sessions s WHERE ${sessionFilter}`,
  );
  const kept = new Map(
    sessions
      .filter(
        (s) =>
          !query.channel ||
          sessionChannelOf({
            utmSource: s.utm_source,
            utmMedium: s.utm_medium,
            referrer: s.referrer,
            fbclid: s.fbclid,
            gclid: s.gclid,
            ttclid: s.ttclid,
            msclkid: s.msclkid,
          }) === query.channel,
      )
      .map((s) => [s.session_id, s]),
  );

  const eventNames = funnel.steps.filter((s) => s.kind === 'event').map((s) => s.value);
  const needsTracker =
    funnel.steps.some((s) => s.kind !== 'event') || eventNames.some((name) => TRACKER_TYPES.has(name));
  const events = await queryRows(
    db,
    EventRow,
    sql`SELECT p.session_id, extract(epoch FROM p.occurred_at) * 1000 AS at, p.name, p.page_url, NULL AS selector
      FROM tracking_pixel_events p JOIN tracking_sessions s
        ON s.configuration_id = p.configuration_id AND s.session_id = p.session_id
      WHERE p.workspace_id = ${workspaceId}::uuid AND ${sessionFilter}
      ${
        needsTracker
          ? sql`UNION ALL
      SELECT e.session_id, extract(epoch FROM e.client_time) * 1000, e.event_type, e.page_url, e.element_selector
      FROM tracking_events e JOIN tracking_sessions s
        ON s.configuration_id = e.configuration_id AND s.session_id = e.session_id
      WHERE e.workspace_id = ${workspaceId}::uuid AND e.event_type IN ('page_view', 'click', 'dead_click')
        AND ${sessionFilter}`
          : sql``
      }`,
  );
  const bySession = new Map<string, FunnelEvent[]>();
  for (const e of events) {
    if (!kept.has(e.session_id)) continue;
    const list = bySession.get(e.session_id) ?? [];
    list.push({ at: e.at, name: e.name, pageUrl: e.page_url, selector: e.selector });
    bySession.set(e.session_id, list);
  }
  const windowMs = funnel.windowMinutes * 60_000;
  const matched = [...bySession.entries()].map(([sessionId, list]) => ({
    passedAt: matchFunnel(funnel.steps, list, windowMs),
    revenue: kept.get(sessionId)?.revenue ?? 0,
  }));

  const [total] = await queryRows(
    db,
    z.object({ revenue: z.coerce.number() }),
    sql`SELECT COALESCE(sum(total_minor), 0) AS revenue FROM wh_orders
      WHERE workspace_id = ${workspaceId}::uuid AND NOT test AND cancelled_at IS NULL
        AND order_date BETWEEN ${from}::date AND ${to}::date`,
  );
  const summary = summarizeFunnel(funnel.steps.length, matched, total?.revenue ?? 0);
  return {
    name: funnel.name,
    from,
    to,
    currency: shop?.currency ?? 'USD',
    steps: summary.map((step, i) => ({
      name: funnel.steps[i]!.value,
      ...step,
      revenue: Math.round(step.revenue),
    })),
  };
}
