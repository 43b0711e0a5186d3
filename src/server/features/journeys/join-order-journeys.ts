import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/** How far back a fallback looks for the order's session (landing + UTM: the visit Shopify reports). */
const LANDING_WINDOW = sql`interval '2 days'`;
const EMAIL_WINDOW = sql`interval '30 days'`;
/** Clock skew allowed between the browser's events and Shopify's order time. */
const SKEW = sql`interval '10 minutes'`;

/** Path of a URL or path, without origin, query or fragment. */
const pathOf = (column: SQL) =>
  sql`regexp_replace(split_part(split_part(${column}, '?', 1), '#', 1), '^https?://[^/]+', '')`;

/**
 * One fallback: for each not-yet-joined order of the workspace, the latest matching session
 * (started before the order, within the window) is recorded with `method`.
 */
async function joinBy(db: Db, workspaceId: string, method: string, match: SQL): Promise<number> {
  const [row] = await queryRows(
    db,
    z.object({ n: z.coerce.number() }),
    sql`
    WITH joined AS (
    INSERT INTO tracking_order_journeys (workspace_id, order_id, configuration_id, session_id, visitor_id, method)
    SELECT DISTINCT ON (o.order_id) o.workspace_id, o.order_id, s.configuration_id, s.session_id, s.visitor_id, ${method}
    FROM wh_orders o
    JOIN tracking_sessions s ON s.workspace_id = o.workspace_id AND s.started_at <= o.created_at + ${SKEW} AND ${match}
    WHERE o.workspace_id = ${workspaceId}::uuid
      AND NOT EXISTS (SELECT 1 FROM tracking_order_journeys j WHERE j.workspace_id = o.workspace_id AND j.order_id = o.order_id)
    ORDER BY o.order_id, s.started_at DESC
    ON CONFLICT (workspace_id, order_id) DO NOTHING
    RETURNING 1)
    SELECT count(*) AS n FROM joined`,
  );
  return row?.n ?? 0;
}

export interface JoinSummary {
  visitor_id: number;
  checkout_token: number;
  landing_utm: number;
  email_hash: number;
}

/**
 * Joins the workspace's synced orders to our tracker's sessions (issue 16), each fallback only for
 * orders the previous ones did not find: the `_upside_vid` cart attribute (the visitor's latest
 * session before the order), the cart/checkout token the session saw, the landing page with the
 * same UTM source and campaign within two days before the order, then the e-mail hash of a
 * signed-in visitor within 30 days. A joined order keeps its session; re-running adds only new
 * joins. Run after every sync, before the analysis (analyze-workspace job).
 */
export async function joinOrderJourneys(db: Db, workspaceId: string): Promise<JoinSummary> {
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
      AND s.utm_campaign IS NOT DISTINCT FROM o.utm_campaign AND s.started_at >= o.created_at - ${LANDING_WINDOW}
      AND ${pathOf(sql`s.landing_url`)} = ${pathOf(sql`o.landing_page`)}`,
  );
  const email_hash = await joinBy(
    db,
    workspaceId,
    'email_hash',
    sql`o.email_hash IS NOT NULL AND s.email_hash = o.email_hash AND s.started_at >= o.created_at - ${EMAIL_WINDOW}`,
  );
  return { visitor_id, checkout_token, landing_utm, email_hash };
}
