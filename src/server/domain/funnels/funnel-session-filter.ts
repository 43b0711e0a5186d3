import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { sessionChannelOf } from '../../../core/journeys/session-channel-of.ts';
import { SEGMENTS_BY_PRESET } from '../../../core/rfm/assign-segment.ts';
import type { FunnelReportQuery } from '../../../shared/contracts/funnels.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { findLatestRunId } from '../analysis-runs/read-analytics.ts';
import {
  ORDER_REFUNDS_JOIN,
  ORDER_SALE,
  ORDER_SALE_JOINS,
  SALE_ORDER,
} from '../contribution/contribution-sql.ts';
import { segmentJourneys } from './segment-slices.ts';

const RFM_SEGMENTS = new Set([...SEGMENTS_BY_PRESET.A, ...SEGMENTS_BY_PRESET.C]);

/** The shop-local days and session filters of one funnel read. */
export interface FunnelSessionsQuery {
  workspaceId: string;
  timeZone: string;
  from: string;
  to: string;
  filters: Omit<FunnelReportQuery, 'from' | 'to'>;
}

/**
 * Whether the visitor of the tracking_sessions row `s` had an earlier session anywhere in the store
 * (a returning visitor's session; a session with no visitor id is a new visitor's). The fold keys the
 * 'n:' slices by it (decision 202) and the raw read filters by it, so both tell visitors alike.
 */
export const EARLIER_VISIT = sql`EXISTS (SELECT 1 FROM tracking_sessions e WHERE e.workspace_id = s.workspace_id
    AND e.visitor_id = s.visitor_id AND e.started_at < s.started_at)`;

/** A segment that is not an RFM segment name is a 400 naming `segment`. */
export function checkSegment(segment: string | undefined): void {
  if (segment && !RFM_SEGMENTS.has(segment))
    throw badRequest(`segment: not an RFM segment; one of ${[...RFM_SEGMENTS].join(', ')}.`);
}

/**
 * The condition on tracking_sessions `s` of a funnel read: sessions started on the shop-local days
 * `from`–`to` (a range of instants, sargable on started_at), of the device, campaign, visitors, A/B
 * variant and RFM segment asked (decisions 114 and 118; the channel is filtered by keepChannel). A
 * segment that is not an RFM segment name is a 400 naming `segment`.
 */
export async function funnelSessionFilter(db: Db, query: FunnelSessionsQuery): Promise<SQL> {
  const { workspaceId, timeZone, from, to, filters } = query;
  checkSegment(filters.segment);
  const segmentRunId = filters.segment ? await findLatestRunId(db, workspaceId) : null;
  // Decision 208: from the segment — its customers' orders' journeys, once (each a hashed set) — not
  // an EXISTS per session of the period whose visitor-or-session condition no index answers.
  const journeysOf = (columns: SQL) =>
    segmentJourneys(workspaceId, segmentRunId, filters.segment ?? null, columns);
  const inSegment = sql`(s.visitor_id IN (${journeysOf(sql`j.visitor_id`)} AND j.visitor_id IS NOT NULL)
    OR (s.configuration_id, s.session_id) IN (${journeysOf(sql`j.configuration_id, j.session_id`)}))`;
  return sql`s.workspace_id = ${workspaceId}::uuid
    AND s.started_at >= (${from}::date)::timestamp AT TIME ZONE ${timeZone}
    AND s.started_at < (${to}::date + 1)::timestamp AT TIME ZONE ${timeZone}
    ${filters.device ? sql`AND s.device = ${filters.device}` : sql``}
    ${filters.campaign ? sql`AND s.utm_campaign = ${filters.campaign}` : sql``}
    ${filters.visitor === 'returning' ? sql`AND ${EARLIER_VISIT}` : filters.visitor === 'new' ? sql`AND NOT ${EARLIER_VISIT}` : sql``}
    ${
      filters.experiment && filters.variant
        ? sql`AND s.experiment_variants @> ARRAY[${`${filters.experiment}:${filters.variant}`}::text]`
        : sql``
    }
    ${filters.segment ? sql`AND ${inSegment}` : sql``}`;
}

/** The session columns a funnel read keeps in its `kept` CTE (over tracking_sessions `s`). */
export const KEPT_SESSION_COLUMNS = sql`s.configuration_id, s.session_id, s.last_page_url, s.started_at, s.device,
  s.utm_source, s.utm_medium, s.referrer, s.fbclid, s.gclid, s.ttclid, s.msclkid`;

/**
 * The `revenue` CTE body of a funnel read: per session of the CTE `sessions` (configuration_id,
 * session_id), the revenue of the orders joined to it and their contribution parts
 * (contribution-sql.ts, refunds so far included).
 */
export const sessionRevenue = (workspaceId: string, sessions: SQL) => sql`
  SELECT j.configuration_id, j.session_id, sum(o.total_minor) AS revenue,
    sum(${ORDER_SALE.grossSales}) AS gross_sales,
    sum(${ORDER_SALE.shippingCharges} - refunds.shipping_refunded_minor) AS shipping_charges,
    sum(${ORDER_SALE.discounts}) AS discounts, sum(refunds.returns_minor) AS returns,
    sum(${ORDER_SALE.cogs} + refunds.cogs_minor) AS cogs, sum(${ORDER_SALE.shipping}) AS shipping,
    sum(${ORDER_SALE.paymentFees}) AS payment_fees
  FROM ${sessions} k
    JOIN tracking_order_journeys j ON j.workspace_id = ${workspaceId}::uuid
      AND j.configuration_id = k.configuration_id AND j.session_id = k.session_id
    JOIN wh_orders o ON o.workspace_id = j.workspace_id AND o.order_id = j.order_id
    ${ORDER_SALE_JOINS} ${ORDER_REFUNDS_JOIN}
  WHERE ${SALE_ORDER}
  GROUP BY j.configuration_id, j.session_id`;

/** The revenue columns of a session (`r`, a LEFT JOIN of sessionRevenue), 0 when it bought nothing. */
export const REVENUE_COLUMNS = sql`coalesce(r.revenue, 0) AS revenue,
  coalesce(r.gross_sales, 0) AS gross_sales, coalesce(r.shipping_charges, 0) AS shipping_charges,
  coalesce(r.discounts, 0) AS discounts, coalesce(r.returns, 0) AS returns, coalesce(r.cogs, 0) AS cogs,
  coalesce(r.shipping, 0) AS shipping, coalesce(r.payment_fees, 0) AS payment_fees`;

/** The revenue of a session's orders and their contribution parts (minor units), as REVENUE_COLUMNS reads them. */
export const SessionRevenueRow = z.object({
  revenue: z.coerce.number(),
  gross_sales: z.coerce.number(),
  shipping_charges: z.coerce.number(),
  discounts: z.coerce.number(),
  returns: z.coerce.number(),
  cogs: z.coerce.number(),
  shipping: z.coerce.number(),
  payment_fees: z.coerce.number(),
});

/** What a session's channel is told from (sessionChannelOf's inputs), as tracking_sessions holds them. */
export const ChannelInputsRow = z.object({
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  referrer: z.string().nullable(),
  fbclid: z.string().nullable(),
  gclid: z.string().nullable(),
  ttclid: z.string().nullable(),
  msclkid: z.string().nullable(),
});

/** One session of a funnel read: where it ran, its channel inputs and its orders. */
export const FunnelSessionRow = SessionRevenueRow.extend(ChannelInputsRow.shape).extend({
  session_id: z.string(),
  /** The website's tracking id (what its heatmap is opened by). */
  tracking_id: z.string(),
  started_at: z.coerce.date(),
  device: z.string().nullable(),
  exit_page: z.string(),
});
export type FunnelSessionRow = z.infer<typeof FunnelSessionRow>;

/** The channel of a session from what the tracker saw at its start (sessionChannelOf). */
export const channelOfSession = (s: z.infer<typeof ChannelInputsRow>) =>
  sessionChannelOf({
    utmSource: s.utm_source,
    utmMedium: s.utm_medium,
    referrer: s.referrer,
    fbclid: s.fbclid,
    gclid: s.gclid,
    ttclid: s.ttclid,
    msclkid: s.msclkid,
  });

/** The rows of the channel asked (all when none). */
export const keepChannel = <Row extends FunnelSessionRow>(rows: Row[], channel: string | undefined): Row[] =>
  channel ? rows.filter((row) => channelOfSession(row) === channel) : rows;
