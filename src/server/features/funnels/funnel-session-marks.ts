import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FunnelStep } from '../../../core/funnels/types.ts';
import { urlPatternSource } from '../../../core/funnels/url-pattern-source.ts';
import { sessionChannelOf } from '../../../core/journeys/session-channel-of.ts';
import { SEGMENTS_BY_PRESET } from '../../../core/rfm/assign-segment.ts';
import type { FunnelReportQuery } from '../../../shared/contracts/funnels.ts';
import type { Db } from '../../db/client.ts';
import { queryRowsWithoutJit } from '../../db/query-rows.ts';
import { findLatestRunId } from '../../domain/analysis-runs/read-analytics.ts';
import {
  ORDER_REFUNDS_JOIN,
  ORDER_SALE,
  ORDER_SALE_JOINS,
  SALE_ORDER,
} from '../../domain/contribution/contribution-sql.ts';
import { foldFirst } from '../../domain/tracking/fold-events.ts';
import { badRequest } from '../../errors.ts';

/** Tracker event types a funnel step can name (the rest are pointer positions). */
const TRACKER_TYPES = new Set(['page_view', 'click', 'dead_click']);
const RFM_SEGMENTS = new Set([...SEGMENTS_BY_PRESET.A, ...SEGMENTS_BY_PRESET.C]);

/** The columns of one event the step tests read. */
interface EventColumns {
  name: SQL;
  pageUrl: SQL;
  selector: SQL | null;
}

/** matchesFunnelStep in SQL (the same URL regex source, the same selector rule). */
function stepMatches(step: FunnelStep, columns: EventColumns): SQL {
  switch (step.kind) {
    case 'event':
      return sql`${columns.name} = ${step.value}`;
    case 'url':
      return sql`coalesce(${columns.pageUrl} ~ ${urlPatternSource(step.value)}, false)`;
    case 'element':
      return columns.selector
        ? sql`coalesce(${columns.name} IN ('click', 'dead_click') AND (${columns.selector} = ${step.value}
            OR right(${columns.selector}, ${step.value.length + 1}) = ${`>${step.value}`}), false)`
        : sql`false`;
  }
}

/** The step bit mask of an event (bit i: it passes step i), as matchFunnelMarks reads it. */
function stepMask(steps: readonly FunnelStep[], columns: EventColumns): SQL {
  return sql.join(
    steps.map((step, i) => sql`(CASE WHEN ${stepMatches(step, columns)} THEN ${1 << i} ELSE 0 END)`),
    sql` + `,
  );
}

/** One session that passed step 1, compacted (decision 118): its events as times and step masks. */
export const SessionMarksRow = z.object({
  session_id: z.string(),
  /** The website's tracking id (what its heatmap is opened by). */
  tracking_id: z.string(),
  started_at: z.coerce.date(),
  device: z.string().nullable(),
  exit_page: z.string(),
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  referrer: z.string().nullable(),
  fbclid: z.string().nullable(),
  gclid: z.string().nullable(),
  ttclid: z.string().nullable(),
  msclkid: z.string().nullable(),
  revenue: z.coerce.number(),
  /** The contribution parts of those orders (contributionOf's inputs, minor units), refunds included. */
  gross_sales: z.coerce.number(),
  shipping_charges: z.coerce.number(),
  discounts: z.coerce.number(),
  returns: z.coerce.number(),
  cogs: z.coerce.number(),
  shipping: z.coerce.number(),
  payment_fees: z.coerce.number(),
  times: z.array(z.coerce.number()),
  steps: z.array(z.coerce.number()),
});
export type SessionMarks = z.infer<typeof SessionMarksRow>;

/** A funnel's step, window and the session filters of a report. */
export interface FunnelSessionsQuery {
  workspaceId: string;
  steps: readonly FunnelStep[];
  timeZone: string;
  from: string;
  to: string;
  filters: Omit<FunnelReportQuery, 'from' | 'to'>;
}

/**
 * The sessions of a funnel report that passed its first step, one compact row each (decision 118):
 * the sessions started on the shop-local days `from`–`to` of the device, campaign, visitors, A/B
 * variant and RFM segment asked; of their pixel events and — only when a step can match them — their
 * tracker page views and clicks, only those passing some step, as times (ms) and step masks (two
 * aligned arrays in no particular order: matchFunnelMarks orders them); the revenue of the orders joined to the session and their contribution parts (contribution-sql.ts,
 * refunds so far included); the channel inputs
 * (sessionChannelOf), the channel filter being applied here. The step matching itself stays in
 * src/core (matchFunnelMarks). The days are a range of instants (sargable on the sessions'
 * started_at index); JIT off, as its compile time exceeded the query's. A segment that is not an RFM segment name is a 400 naming `segment`.
 */
export async function readFunnelSessionMarks(db: Db, query: FunnelSessionsQuery): Promise<SessionMarks[]> {
  await foldFirst(db);
  const { workspaceId, steps, timeZone, from, to, filters } = query;
  if (filters.segment && !RFM_SEGMENTS.has(filters.segment))
    throw badRequest(`segment: not an RFM segment; one of ${[...RFM_SEGMENTS].join(', ')}.`);
  const earlierVisit = sql`EXISTS (SELECT 1 FROM tracking_sessions e WHERE e.workspace_id = s.workspace_id
    AND e.visitor_id = s.visitor_id AND e.started_at < s.started_at)`;
  const segmentRunId = filters.segment ? await findLatestRunId(db, workspaceId) : null;
  const inSegment = sql`EXISTS (SELECT 1 FROM tracking_order_journeys j
      JOIN wh_orders o ON o.workspace_id = j.workspace_id AND o.order_id = j.order_id
      JOIN analysis_customers c ON c.run_id = ${segmentRunId}::uuid AND c.customer_id = o.customer_id
    WHERE j.workspace_id = s.workspace_id AND c.segment = ${filters.segment ?? null}
      AND (j.visitor_id = s.visitor_id OR (j.configuration_id = s.configuration_id AND j.session_id = s.session_id)))`;
  const sessionFilter = sql`s.workspace_id = ${workspaceId}::uuid
    AND s.started_at >= (${from}::date)::timestamp AT TIME ZONE ${timeZone}
    AND s.started_at < (${to}::date + 1)::timestamp AT TIME ZONE ${timeZone}
    ${filters.device ? sql`AND s.device = ${filters.device}` : sql``}
    ${filters.campaign ? sql`AND s.utm_campaign = ${filters.campaign}` : sql``}
    ${filters.visitor === 'returning' ? sql`AND ${earlierVisit}` : filters.visitor === 'new' ? sql`AND NOT ${earlierVisit}` : sql``}
    ${
      filters.experiment && filters.variant
        ? sql`AND s.experiment_variants @> ARRAY[${`${filters.experiment}:${filters.variant}`}::text]`
        : sql``
    }
    ${filters.segment ? sql`AND ${inSegment}` : sql``}`;

  const eventNames = steps.filter((s) => s.kind === 'event').map((s) => s.value);
  const needsTracker =
    steps.some((s) => s.kind !== 'event') || eventNames.some((name) => TRACKER_TYPES.has(name));
  const pixelMask = stepMask(steps, { name: sql`p.name`, pageUrl: sql`p.page_url`, selector: null });
  const trackerMask = stepMask(steps, {
    name: sql`e.event_type`,
    pageUrl: sql`e.page_url`,
    selector: sql`e.element_selector`,
  });
  const rows = await queryRowsWithoutJit(
    db,
    SessionMarksRow,
    sql`WITH kept AS MATERIALIZED (
        SELECT s.configuration_id, s.session_id, s.last_page_url, s.started_at, s.device, s.utm_source,
          s.utm_medium, s.referrer, s.fbclid, s.gclid, s.ttclid, s.msclkid
        FROM tracking_sessions s WHERE ${sessionFilter}),
      marks AS (
        SELECT * FROM (
          SELECT p.configuration_id, p.session_id, p.occurred_at AS at, ${pixelMask} AS steps
          FROM tracking_pixel_events p
          WHERE p.workspace_id = ${workspaceId}::uuid AND p.session_id IS NOT NULL
          ${
            needsTracker
              ? sql`UNION ALL
          SELECT e.configuration_id, e.session_id, e.client_time, ${trackerMask}
          FROM tracking_events e
          WHERE e.workspace_id = ${workspaceId}::uuid AND e.event_type IN ('page_view', 'click', 'dead_click')`
              : sql``
          }) m WHERE m.steps <> 0),
      passed AS (
        SELECT m.configuration_id, m.session_id,
          array_agg((extract(epoch FROM m.at) * 1000)::float8) AS times, array_agg(m.steps) AS steps
        FROM marks m JOIN kept k ON k.configuration_id = m.configuration_id AND k.session_id = m.session_id
        GROUP BY m.configuration_id, m.session_id
        HAVING bool_or(m.steps & 1 = 1)),
      revenue AS MATERIALIZED (
        SELECT j.configuration_id, j.session_id, sum(o.total_minor) AS revenue,
          sum(${ORDER_SALE.grossSales}) AS gross_sales,
          sum(${ORDER_SALE.shippingCharges} - refunds.shipping_refunded_minor) AS shipping_charges,
          sum(${ORDER_SALE.discounts}) AS discounts, sum(refunds.returns_minor) AS returns,
          sum(${ORDER_SALE.cogs} + refunds.cogs_minor) AS cogs, sum(${ORDER_SALE.shipping}) AS shipping,
          sum(${ORDER_SALE.paymentFees}) AS payment_fees
        FROM kept k
          JOIN tracking_order_journeys j ON j.workspace_id = ${workspaceId}::uuid
            AND j.configuration_id = k.configuration_id AND j.session_id = k.session_id
          JOIN wh_orders o ON o.workspace_id = j.workspace_id AND o.order_id = j.order_id
          ${ORDER_SALE_JOINS} ${ORDER_REFUNDS_JOIN}
        WHERE ${SALE_ORDER}
        GROUP BY j.configuration_id, j.session_id)
      SELECT k.session_id, c.tracking_id, k.started_at, k.device, k.last_page_url AS exit_page, k.utm_source, k.utm_medium, k.referrer, k.fbclid,
        k.gclid, k.ttclid, k.msclkid, coalesce(r.revenue, 0) AS revenue,
        coalesce(r.gross_sales, 0) AS gross_sales, coalesce(r.shipping_charges, 0) AS shipping_charges,
        coalesce(r.discounts, 0) AS discounts, coalesce(r.returns, 0) AS returns, coalesce(r.cogs, 0) AS cogs,
        coalesce(r.shipping, 0) AS shipping, coalesce(r.payment_fees, 0) AS payment_fees, p.times, p.steps
      FROM passed p
        JOIN kept k ON k.configuration_id = p.configuration_id AND k.session_id = p.session_id
        JOIN tracking_configurations c ON c.id = k.configuration_id
        LEFT JOIN revenue r ON r.configuration_id = p.configuration_id AND r.session_id = p.session_id`,
  );
  const channel = filters.channel;
  if (!channel) return rows;
  return rows.filter(
    (s) =>
      sessionChannelOf({
        utmSource: s.utm_source,
        utmMedium: s.utm_medium,
        referrer: s.referrer,
        fbclid: s.fbclid,
        gclid: s.gclid,
        ttclid: s.ttclid,
        msclkid: s.msclkid,
      }) === channel,
  );
}
