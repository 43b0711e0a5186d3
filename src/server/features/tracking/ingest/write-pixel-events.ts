import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { viewportBucketOf } from '../../../../shared/contracts/cursor-tracking.ts';
import type { PixelIngestRequest } from '../../../../shared/contracts/pixel-events.ts';
import { currencyDigitsOf, parseDecimalToMinor } from '../../../../shared/money.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/query-rows.ts';
import { foldFirst } from '../../../domain/tracking/fold-events.ts';

/**
 * The session a pixel batch belongs to: the theme tracker's tab session when the pixel could read
 * it, else one made of Shopify's client id (a checkout seen by the pixel alone), else none.
 */
export function pixelSessionOf(pixel: PixelIngestRequest['pixel']): string | null {
  if (pixel.sessionId) return pixel.sessionId;
  const client = pixel.clientId?.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 60);
  return client ? `px${client}` : null;
}

/**
 * Stores pixel batches (issue 40) in one statement: each Shopify event id once (a batch sent again
 * adds nothing), in any order, with its batch's consent state and the checkout total in minor
 * units. A session the theme tracker never reported gets a minimal row, so its journey and funnel
 * exist; a session it did report is left to the event writer. Several batches at once serve the
 * demo's planted checkouts (decision 113); the endpoint stores one request's batch. Returns the
 * events newly stored and whether a `checkout_completed` among them may join an order now.
 */
export async function writePixelEvents(
  db: Db,
  site: { workspaceId: string; configurationId: string },
  batches: readonly PixelIngestRequest[],
): Promise<{ stored: number; completed: boolean }> {
  await foldFirst(db);
  const rows = batches.flatMap(({ pixel, events }) => {
    const session = pixelSessionOf(pixel);
    const { consent } = pixel;
    return events.map((e) => ({
      id: e.id,
      n: e.name,
      t: e.timestamp,
      s: session,
      v: pixel.visitorId ?? null,
      cl: pixel.clientId ?? null,
      u: e.pageUrl ?? null,
      d: e.viewportWidth === undefined ? null : viewportBucketOf(e.viewportWidth),
      ck: e.checkoutToken ?? null,
      ct: e.cartToken ?? null,
      o: e.orderId ?? null,
      m:
        e.totalPrice === undefined || e.currency === undefined
          ? null
          : parseDecimalToMinor(e.totalPrice, currencyDigitsOf(e.currency)),
      c: e.currency ?? null,
      eh: e.emailHash ?? null,
      ca: consent.analytics,
      cm: consent.marketing,
      cp: consent.preferences,
      cs: consent.saleOfData,
    }));
  });
  if (rows.length === 0) return { stored: 0, completed: false };
  const [result] = await queryRows(
    db,
    z.object({ stored: z.coerce.number(), completed: z.boolean() }),
    sql`WITH stored AS (
      INSERT INTO tracking_pixel_events (workspace_id, configuration_id, event_id, name, occurred_at, session_id,
        visitor_id, client_id, page_url, device, checkout_token, cart_token, order_id, total_minor, currency,
        email_hash, consent_analytics, consent_marketing, consent_preferences, consent_sale_of_data)
      SELECT ${site.workspaceId}::uuid, ${site.configurationId}::uuid, r.id, r.n, r.t, r.s, r.v, r.cl, r.u, r.d,
        r.ck, r.ct, r.o, r.m, r.c, r.eh, r.ca, r.cm, r.cp, r.cs
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(id text, n text, t timestamptz, s text, v text,
        cl text, u text, d text, ck text, ct text, o bigint, m bigint, c text, eh text, ca boolean, cm boolean,
        cp boolean, cs boolean)
      ON CONFLICT (configuration_id, event_id) DO NOTHING
      RETURNING name, occurred_at, page_url, device, session_id, visitor_id),
    session AS (
      INSERT INTO tracking_sessions (workspace_id, configuration_id, session_id, started_at, ended_at, event_count,
        click_count, last_page_url, last_page_at, first_received_at, last_received_at, landing_url, device, visitor_id)
      SELECT ${site.workspaceId}::uuid, ${site.configurationId}::uuid, session_id, min(occurred_at), max(occurred_at),
        count(*), 0, COALESCE((array_agg(page_url ORDER BY occurred_at DESC))[1], ''), max(occurred_at), now(), now(),
        (array_agg(page_url ORDER BY occurred_at))[1], (array_agg(device ORDER BY occurred_at))[1],
        (array_agg(visitor_id ORDER BY occurred_at))[1]
      FROM stored WHERE session_id IS NOT NULL GROUP BY session_id
      ON CONFLICT (configuration_id, session_id) DO NOTHING)
    SELECT count(*) AS stored, COALESCE(bool_or(name = 'checkout_completed'), false) AS completed FROM stored`,
  );
  return { stored: result?.stored ?? 0, completed: result?.completed ?? false };
}
