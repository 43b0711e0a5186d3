import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { gradeAttributionRate } from '../../../core/journeys/grade-attribution-rate.ts';
import { channelOf } from '../../../core/pipeline/channel-of.ts';
import { addDays, localDayOf } from '../../../shared/calendar.ts';
import type { FirstPartyHealth, FirstPartyHealthQuery } from '../../../shared/contracts/first-party.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { readMetricWindow } from '../../domain/metrics/metric-window.ts';
import { foldFirst } from '../../domain/tracking/fold-events.ts';
import { catalogue } from '../../jobs/catalogue.ts';
import { jobTypeList } from '../../jobs/job-type-list.ts';

const OrderRow = z.object({
  day: z.string(),
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  source_type: z.string().nullable(),
  has_visitor: z.boolean(),
  offline: z.boolean(),
  consented: z.boolean(),
  method: z.string().nullable(),
  n: z.coerce.number(),
});
const Context = z.object({
  time_zone: z.string().nullable(),
  sessions: z.coerce.number(),
  pixel_installed: z.boolean(),
  updating: z.boolean(),
  journeys_loading: z.boolean(),
});

/**
 * The jobs whose work joins orders to journeys (`updating`): the analysis joins new orders first; the
 * demo's storefront history brings the sessions it joins (decision 204).
 */
const JOINING_JOBS = jobTypeList([catalogue.analyzeWorkspace, catalogue.recordDemoStorefront]);

/** Shopify's source names of orders no online session can lead to: point of sale and draft orders. */
const OFFLINE_SOURCES = sql`('pos', 'shopify_draft_order')`;

/** The pixel stored an event of order `o`'s checkout with analytics consent, found by `key`. */
const pixelSaw = (key: SQL) => sql`EXISTS (SELECT 1 FROM tracking_pixel_events e
  WHERE e.workspace_id = o.workspace_id AND e.consent_analytics AND ${key})`;
/**
 * An order placed with consent (issue 40): the Shopify pixel, which only sends once the visitor
 * allowed analytics and records that consent on every event, saw its checkout — the order was
 * joined by one of the pixel's events, or a completion names it, or an event carries its checkout
 * or cart token (also before the join has run). Shopify's order itself says nothing about consent.
 * Not the e-mail hash alone: it is the buyer's, on all their checkouts.
 */
const CONSENTED = sql`(COALESCE(starts_with(j.method, 'pixel_'), false)
  OR ${pixelSaw(sql`e.name = 'checkout_completed' AND e.order_id = o.order_id`)}
  OR ${pixelSaw(sql`e.checkout_token = o.checkout_token`)} OR ${pixelSaw(sql`e.cart_token = o.cart_token`)})`;

/**
 * The demo connect's storefront history is not joined yet (decision 204): its job is queued or
 * running, or it has run and the analysis that joins its sessions to the orders has not finished.
 */
const JOURNEYS_LOADING = (workspaceId: string) => sql`EXISTS (SELECT 1 FROM jobs r
  WHERE r.workspace_id = ${workspaceId}::uuid AND r.type = ${catalogue.recordDemoStorefront.type}
    AND (r.status IN ('pending', 'running') OR (r.status = 'succeeded' AND EXISTS (SELECT 1 FROM jobs a
      WHERE a.workspace_id = r.workspace_id AND a.type = ${catalogue.analyzeWorkspace.type}
        AND a.status IN ('pending', 'running') AND a.created_at >= r.locked_at))))`;

/** part ÷ whole to four decimals; 0 of nothing. */
const shareOf = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0;

const rateOf = (orders: number, joinedOrders: number) => ({
  orders,
  joinedOrders,
  rate: shareOf(joinedOrders, orders),
});

/**
 * The shop days the rate covers: `from`–`to` as asked (`to` alone: its last 30 days; `from` alone:
 * up to the shop's today). Neither: the metric window of `period` days (decision 011), the days
 * every other figure of that period covers, else (no order synced yet) the `period` days up to the
 * shop's yesterday.
 */
async function daysOf(
  db: Db,
  workspaceId: string,
  query: FirstPartyHealthQuery,
  timeZone: string,
  now: Date,
): Promise<{ from: string; to: string }> {
  if (query.from !== undefined || query.to !== undefined) {
    const to = query.to ?? localDayOf(now, timeZone);
    return { from: query.from ?? addDays(to, -29), to };
  }
  const periodDays = Number(query.period ?? '30');
  const window = await readMetricWindow(db, workspaceId, periodDays, now);
  if (window) return { from: window.start, to: window.end };
  const to = addDays(localDayOf(now, timeZone), -1);
  return { from: addDays(to, -(periodDays - 1)), to };
}

/**
 * GET /api/attribution/first-party/health: the attribution rate (orders joined to a tracker session
 * ÷ revenue orders, not test and not cancelled) of shop-local days (`daysOf`), by channel of
 * Shopify's last visit and by day, with its grade and likely causes; and (issue 40) the joined
 * share of online orders placed with consent (CONSENTED; of all online orders while no pixel
 * reports, as consent is then unknown) with the reasons the others are unjoined.
 */
export async function readFirstPartyHealth(
  db: Db,
  workspaceId: string,
  query: FirstPartyHealthQuery,
  now: Date,
): Promise<FirstPartyHealth> {
  await foldFirst(db);
  const [context] = await queryRows(
    db,
    Context,
    sql`SELECT (SELECT iana_timezone FROM wh_shops WHERE workspace_id = ${workspaceId}::uuid) AS time_zone,
      (SELECT count(*) FROM tracking_sessions WHERE workspace_id = ${workspaceId}::uuid) AS sessions,
      EXISTS (SELECT 1 FROM tracking_pixel_events WHERE workspace_id = ${workspaceId}::uuid) AS pixel_installed,
      EXISTS (SELECT 1 FROM jobs WHERE workspace_id = ${workspaceId}::uuid AND status IN ('pending', 'running')
        AND type IN ${JOINING_JOBS}) AS updating,
      ${JOURNEYS_LOADING(workspaceId)} AS journeys_loading`,
  );
  const { from, to } = await daysOf(db, workspaceId, query, context?.time_zone ?? 'UTC', now);
  const rows = await queryRows(
    db,
    OrderRow,
    sql`SELECT o.order_date::text AS day, o.utm_source, o.utm_medium, o.source_type,
        o.visitor_id IS NOT NULL AS has_visitor, COALESCE(o.source_name IN ${OFFLINE_SOURCES}, false) AS offline,
        ${CONSENTED} AS consented, j.method, count(*) AS n
      FROM wh_orders o
      LEFT JOIN tracking_order_journeys j ON j.workspace_id = o.workspace_id AND j.order_id = o.order_id
      WHERE o.workspace_id = ${workspaceId}::uuid AND NOT o.test AND o.cancelled_at IS NULL
        AND o.order_date BETWEEN ${from}::date AND ${to}::date
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8`,
  );
  const byMethod = {
    pixel_order_id: 0,
    pixel_checkout_token: 0,
    pixel_cart_token: 0,
    pixel_email_hash: 0,
    visitor_id: 0,
    checkout_token: 0,
    landing_utm: 0,
    email_hash: 0,
  };
  let online = 0;
  let onlineJoined = 0;
  let consenting = 0;
  let consentingJoined = 0;
  let unmatched = 0;
  let offlineUnjoined = 0;
  const channels = new Map<string, [number, number]>();
  const days = new Map<string, [number, number]>();
  let orders = 0;
  let joined = 0;
  let withVisitor = 0;
  const add = (map: Map<string, [number, number]>, key: string, n: number, isJoined: boolean) => {
    const entry = map.get(key) ?? [0, 0];
    entry[0] += n;
    if (isJoined) entry[1] += n;
    map.set(key, entry);
  };
  for (const row of rows) {
    const isJoined = row.method !== null;
    orders += row.n;
    if (isJoined) joined += row.n;
    if (row.has_visitor) withVisitor += row.n;
    if (!row.offline) online += row.n;
    if (!row.offline && isJoined) onlineJoined += row.n;
    if (!row.offline && row.consented) {
      consenting += row.n;
      if (isJoined) consentingJoined += row.n;
      else unmatched += row.n;
    }
    if (row.offline && !isJoined) offlineUnjoined += row.n;
    if (row.method && row.method in byMethod) byMethod[row.method as keyof typeof byMethod] += row.n;
    add(channels, channelOf(row.utm_source, row.utm_medium, row.source_type), row.n, isJoined);
    add(days, row.day, row.n, isJoined);
  }
  const total = rateOf(orders, joined);
  const pixelInstalled = context?.pixel_installed ?? false;
  const grade = gradeAttributionRate(total.rate);
  const causes: string[] = [];
  const updating = context?.updating ?? false;
  if (grade !== 'good' && orders > 0 && context?.journeys_loading)
    causes.push(
      "The demo storefront's visits and checkouts are still loading: orders are joined to them once they are in.",
    );
  else if (grade !== 'good' && orders > 0 && updating)
    causes.push(
      'Orders are still being joined to their journeys: the rate rises when the running analysis finishes.',
    );
  else if (grade !== 'good' && orders > 0) {
    if ((context?.sessions ?? 0) === 0)
      causes.push(
        'No tracker sessions recorded: the tracker snippet is missing from the store theme, or tracking is disabled.',
      );
    if (withVisitor / orders < 0.8)
      causes.push(
        `Only ${Math.round((withVisitor / orders) * 100)} % of orders carry the _upside_vid cart attribute: the theme blocks /cart/update.js, visitors decline consent, or the tracker loads after checkout starts.`,
      );
    causes.push('Ad blockers and privacy browsers stop the tracker for some shoppers.');
    causes.push(
      'Orders placed from another device or by phone, POS or draft orders have no session on the store.',
    );
  }
  const sorted = (map: Map<string, [number, number]>) =>
    [...map.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  return {
    from,
    to,
    ...total,
    grade,
    byMethod,
    byChannel: sorted(channels)
      .map(([channel, [n, j]]) => ({ channel, ...rateOf(n, j) }))
      .sort((a, b) => b.orders - a.orders),
    byDay: sorted(days).map(([day, [n, j]]) => ({ day, ...rateOf(n, j) })),
    causes,
    ...(pixelInstalled
      ? { joinedShare: shareOf(consentingJoined, consenting), consentingOrders: consenting }
      : { joinedShare: shareOf(onlineJoined, online), consentingOrders: null }),
    unjoined: [
      { reason: 'no_consent', orders: pixelInstalled ? online - onlineJoined - unmatched : 0 },
      { reason: 'unmatched', orders: unmatched },
      { reason: 'pos_or_draft', orders: offlineUnjoined },
      { reason: 'no_journey', orders: pixelInstalled ? 0 : online - onlineJoined },
    ],
    updating,
  };
}
