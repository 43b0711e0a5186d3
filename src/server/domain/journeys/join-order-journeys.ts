import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { analyzeRewrittenTable } from '../../db/analyze-rewritten-table.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { foldFirst } from '../tracking/fold-events.ts';

/**
 * How far back the landing + UTM fallback looks: Shopify's landing site is the visit in which the
 * shopper checked out, so its session started shortly before the order (a long visit, not days).
 */
const LANDING_WINDOW = sql`interval '3 hours'`;
const EMAIL_WINDOW = sql`interval '30 days'`;
/** Clock skew allowed between the browser's events and Shopify's order time. */
const SKEW = sql`interval '10 minutes'`;

/**
 * How long the Shopify pixel counts as live after any event it stored: it sends on every page and
 * checkout step of a consenting visitor, so a store running it hears from it within a week.
 */
const PIXEL_LIVE = sql`interval '7 days'`;

/** Shopify's source names of orders no online checkout leads to: point of sale and draft orders. */
const OFFLINE_SOURCES = sql`('pos', 'shopify_draft_order')`;

/** The pixel stored an event of order `o`'s checkout, found by `key` (its events all carry consent). */
const pixelSaw = (key: SQL) => sql`EXISTS (SELECT 1 FROM tracking_pixel_events e
  WHERE e.workspace_id = o.workspace_id AND ${key})`;

/**
 * Order `o` may be guessed (landing + UTM, e-mail hash) unless it is a consent refusal (decision 164):
 * an online order the pixel did not see (no completion names it, no event carries its checkout or
 * cart token) while the pixel was live at its time (an event of the workspace in the 7 days up to
 * its creation, with clock skew). The pixel sends only with analytics consent, so such a buyer
 * refused tracking and left no journey, so whatever session a guess found would be another visit's. Without
 * pixel events over that week (no pixel, not yet installed, removed) the guesses run as before.
 */
const GUESSABLE = sql`(COALESCE(o.source_name IN ${OFFLINE_SOURCES}, false)
  OR NOT EXISTS (SELECT 1 FROM tracking_pixel_events e WHERE e.workspace_id = o.workspace_id
    AND e.occurred_at BETWEEN o.created_at - ${PIXEL_LIVE} AND o.created_at + ${SKEW})
  OR ${pixelSaw(sql`e.name = 'checkout_completed' AND e.order_id = o.order_id`)}
  OR ${pixelSaw(sql`e.checkout_token = o.checkout_token`)} OR ${pixelSaw(sql`e.cart_token = o.cart_token`)})`;

/** Path of a URL or path, without origin, query or fragment. */
const pathOf = (column: SQL) =>
  sql`regexp_replace(split_part(split_part(${column}, '?', 1), '#', 1), '^https?://[^/]+', '')`;

/** A session no order is joined to yet. */
const UNCLAIMED = sql`NOT EXISTS (SELECT 1 FROM tracking_order_journeys c
  WHERE c.configuration_id = s.configuration_id AND c.session_id = s.session_id)`;

/** Join candidates: the tracker's sessions started before the order (with clock skew)… */
const SESSIONS = sql`tracking_sessions s ON s.workspace_id = o.workspace_id AND s.started_at <= o.created_at + ${SKEW}`;
/**
 * …or the pixel's events (issue 40), in the session the pixel saw: the order id, token or hash they
 * carry names the order, so no time window applies. `which` picks the events a fallback may use.
 */
const pixelEvents = (
  which: SQL,
) => sql`(SELECT workspace_id, configuration_id, session_id, visitor_id, order_id,
    checkout_token, cart_token, email_hash, occurred_at AS started_at
  FROM tracking_pixel_events WHERE ${which} AND session_id IS NOT NULL) s
  ON s.workspace_id = o.workspace_id`;

/**
 * One fallback: for each not-yet-joined order of the workspace, the latest matching session
 * (started before the order, within the window) is recorded with `method`. With `oneOrderPerSession`
 * (the guessing fallback, landing + UTM) only sessions no order holds yet are candidates, and a
 * session two orders would take goes to the order placed soonest after it; the other stays unjoined.
 */
async function joinBy(
  db: Db,
  workspaceId: string,
  method: string,
  match: SQL,
  oneOrderPerSession = false,
  candidates: SQL = SESSIONS,
): Promise<number> {
  const [row] = await queryRows(
    db,
    z.object({ n: z.coerce.number() }),
    sql`
    WITH candidates AS (
    SELECT DISTINCT ON (o.order_id) o.workspace_id, o.order_id, s.configuration_id, s.session_id, s.visitor_id,
      o.created_at - s.started_at AS gap
    FROM wh_orders o
    JOIN ${candidates} AND ${match}
    WHERE o.workspace_id = ${workspaceId}::uuid
      AND NOT EXISTS (SELECT 1 FROM tracking_order_journeys j WHERE j.workspace_id = o.workspace_id AND j.order_id = o.order_id)
      ${oneOrderPerSession ? sql`AND ${UNCLAIMED}` : sql``}
    ORDER BY o.order_id, s.started_at DESC),
    chosen AS (
    ${
      oneOrderPerSession
        ? sql`SELECT DISTINCT ON (configuration_id, session_id) * FROM candidates ORDER BY configuration_id, session_id, gap, order_id`
        : sql`SELECT * FROM candidates`
    }),
    joined AS (
    INSERT INTO tracking_order_journeys (workspace_id, order_id, configuration_id, session_id, visitor_id, method)
    SELECT workspace_id, order_id, configuration_id, session_id, visitor_id, ${method} FROM chosen
    ON CONFLICT (workspace_id, order_id) DO NOTHING
    RETURNING 1)
    SELECT count(*) AS n FROM joined`,
  );
  return row?.n ?? 0;
}

export interface JoinSummary {
  pixel_order_id: number;
  pixel_checkout_token: number;
  pixel_cart_token: number;
  pixel_email_hash: number;
  visitor_id: number;
  checkout_token: number;
  landing_utm: number;
  email_hash: number;
}

/**
 * Joins orders to the session in which the Shopify pixel saw their checkout (issue 40): by the order
 * id its `checkout_completed` names, else the checkout token, then the cart token of any of its
 * events, then the e-mail hash of a completion. The tokens are taken from every event, not only
 * completions: when the Thank-you page never loads (contract external-apis-2 §3.5) the checkout's
 * other steps still carry the token the order names (the demo's 3 % of paid checkouts without a
 * completion were otherwise left to the tracker's guesses). Run after every sync and whenever the
 * pixel reports a completed checkout, so the order and the event may come in any order.
 */
export async function joinPixelOrders(
  db: Db,
  workspaceId: string,
): Promise<
  Pick<JoinSummary, 'pixel_order_id' | 'pixel_checkout_token' | 'pixel_cart_token' | 'pixel_email_hash'>
> {
  await foldFirst(db);
  const by = (method: string, events: SQL, match: SQL) =>
    joinBy(db, workspaceId, method, match, false, pixelEvents(events));
  const completions = sql`name = 'checkout_completed'`;
  return {
    pixel_order_id: await by('pixel_order_id', completions, sql`s.order_id = o.order_id`),
    pixel_checkout_token: await by(
      'pixel_checkout_token',
      sql`checkout_token IS NOT NULL`,
      sql`s.checkout_token = o.checkout_token`,
    ),
    pixel_cart_token: await by(
      'pixel_cart_token',
      sql`cart_token IS NOT NULL`,
      sql`s.cart_token = o.cart_token`,
    ),
    // A buyer's e-mail is on every checkout of theirs: a completion naming an order we have is that
    // order's, never another's (the demo's repeat buyers caught the looser match, decision 113).
    pixel_email_hash: await by(
      'pixel_email_hash',
      completions,
      sql`s.email_hash = o.email_hash AND NOT EXISTS (SELECT 1 FROM wh_orders x
        WHERE x.workspace_id = s.workspace_id AND x.order_id = s.order_id)`,
    ),
  };
}

/**
 * Joins the workspace's synced orders to our tracker's sessions (issue 16), each fallback only for
 * orders the previous ones did not find: first the pixel's completed checkouts (joinPixelOrders),
 * then the `_upside_vid` cart attribute (the visitor's latest
 * session before the order), the cart/checkout token the session saw, the landing page with the
 * same UTM parameters within three hours before the order (only sessions no other order holds,
 * one order per session), then the e-mail hash of a
 * signed-in visitor within 30 days; the two guesses skip consent refusals (GUESSABLE, decision 164).
 * A joined order keeps its session; re-running adds only new joins. Run after every sync, before
 * the analysis (analyze-workspace job).
 */
export async function joinOrderJourneys(db: Db, workspaceId: string): Promise<JoinSummary> {
  await foldFirst(db);
  await analyzeUncountedPixelEvents(db, workspaceId);
  const pixel = await joinPixelOrders(db, workspaceId);
  const visitor_id = await joinBy(
    db,
    workspaceId,
    'visitor_id',
    sql`o.visitor_id IS NOT NULL AND s.visitor_id = o.visitor_id`,
  );
  const checkout_token = await joinBy(
    db,
    workspaceId,
    'checkout_token',
    sql`s.checkout_token IS NOT NULL AND s.checkout_token IN (o.cart_token, o.checkout_token)`,
  );
  const landing_utm = await joinBy(
    db,
    workspaceId,
    'landing_utm',
    sql`o.utm_source IS NOT NULL AND o.landing_page IS NOT NULL AND s.utm_source = o.utm_source
      AND s.utm_medium IS NOT DISTINCT FROM o.utm_medium AND s.utm_campaign IS NOT DISTINCT FROM o.utm_campaign
      AND s.utm_content IS NOT DISTINCT FROM o.utm_content AND s.utm_term IS NOT DISTINCT FROM o.utm_term
      AND s.started_at >= o.created_at - ${LANDING_WINDOW}
      AND ${pathOf(sql`s.landing_url`)} = ${pathOf(sql`o.landing_page`)} AND ${GUESSABLE}`,
    true,
  );
  const email_hash = await joinBy(
    db,
    workspaceId,
    'email_hash',
    sql`o.email_hash IS NOT NULL AND s.email_hash = o.email_hash AND s.started_at >= o.created_at - ${EMAIL_WINDOW}
      AND ${GUESSABLE}`,
  );
  return { ...pixel, visitor_id, checkout_token, landing_utm, email_hash };
}

const CountRow = z.object({ n: z.coerce.number() });

/**
 * ANALYZEs `tracking_pixel_events` when the workspace alone has more events than its statistics
 * count for the whole table (by autovacuum's rule, `analyzeRewrittenTable`): GUESSABLE's
 * "pixel live" probe runs once per order, and on a table planned as a few rows the planner serves
 * it from `tracking_pixel_events_received_idx` (small: one batch's events share a receive time)
 * with `occurred_at` as a filter, reading every event of the workspace per order, instead of
 * `tracking_pixel_events_time_idx` by its key: 103.9 s for one join (decision 254). A store's
 * first join follows its first backfill, and a copied database starts with no change counters, so
 * `refreshStaleStatistics` cannot be relied on to have seen the rows.
 */
async function analyzeUncountedPixelEvents(db: Db, workspaceId: string): Promise<void> {
  const [row] = await queryRows(
    db,
    CountRow,
    sql`SELECT count(*) AS n FROM tracking_pixel_events WHERE workspace_id = ${workspaceId}::uuid`,
  );
  await analyzeRewrittenTable(db, 'tracking_pixel_events', row?.n ?? 0);
}
