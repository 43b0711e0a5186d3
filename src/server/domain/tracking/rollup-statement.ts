import { type SQL, sql } from 'drizzle-orm';
import { campaignOf } from '../../../shared/campaign-url.ts';
import type { CursorEvent } from '../../../shared/contracts/cursor-tracking.ts';
import { hourStartOf } from './heatmap-tiles.ts';
import { utcDayOf } from './partitions.ts';
import { type CellKey, type CountRow, rollUpEvents } from './rollup.ts';
import { encodeSessionCells, rollUpSessionPages } from './session-pages.ts';
import { hourCellColumns } from './writer-columns.ts';

/** Events of one site as received by a request's commit group. */
export interface ReceivedEvents {
  workspaceId: string;
  configurationId: string;
  events: CursorEvent[];
  /** Epoch ms of receipt (`received_at`): the rollups' day and hour, and the sessions' received times. */
  receivedAt: number;
}

/**
 * How a rollup row already stored takes more events (the `t` alias is the stored row, EXCLUDED the
 * new one): shared by the request path's statement below and the fold's set-based statement
 * (fold-statement.ts), so the two cannot drift.
 */
export const ELEMENTS_ON_CONFLICT = sql`ON CONFLICT (configuration_id, page_url, selector, day) DO UPDATE SET count = t.count + EXCLUDED.count`;
export const PAGES_ON_CONFLICT = sql`ON CONFLICT (configuration_id, page_url, day) DO UPDATE SET event_count = t.event_count + EXCLUDED.event_count`;
export const SESSIONS_ON_CONFLICT = sql`ON CONFLICT (configuration_id, session_id) DO UPDATE SET
    -- The landing page and what came with it are set once, by the session's first write.
    landing_url = COALESCE(t.landing_url, EXCLUDED.landing_url),
    referrer = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.referrer ELSE t.referrer END,
    device = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.device ELSE t.device END,
    utm_source = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.utm_source ELSE t.utm_source END,
    utm_medium = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.utm_medium ELSE t.utm_medium END,
    utm_campaign = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.utm_campaign ELSE t.utm_campaign END,
    utm_content = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.utm_content ELSE t.utm_content END,
    utm_term = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.utm_term ELSE t.utm_term END,
    fbclid = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.fbclid ELSE t.fbclid END,
    gclid = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.gclid ELSE t.gclid END,
    ttclid = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.ttclid ELSE t.ttclid END,
    msclkid = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.msclkid ELSE t.msclkid END,
    visitor_id = COALESCE(t.visitor_id, EXCLUDED.visitor_id),
    checkout_token = COALESCE(t.checkout_token, EXCLUDED.checkout_token),
    email_hash = COALESCE(t.email_hash, EXCLUDED.email_hash),
    started_at = LEAST(t.started_at, EXCLUDED.started_at),
    ended_at = GREATEST(t.ended_at, EXCLUDED.ended_at),
    event_count = t.event_count + EXCLUDED.event_count,
    click_count = t.click_count + EXCLUDED.click_count,
    last_page_url = CASE WHEN EXCLUDED.last_page_at >= t.last_page_at THEN EXCLUDED.last_page_url ELSE t.last_page_url END,
    last_page_at = GREATEST(t.last_page_at, EXCLUDED.last_page_at),
    last_received_at = EXCLUDED.last_received_at`;
export const SESSION_PAGES_ON_CONFLICT = sql`ON CONFLICT (configuration_id, page_url, day, viewport_bucket, session_id) DO UPDATE SET
    viewport_height = GREATEST(t.viewport_height, EXCLUDED.viewport_height),
    scroll_depth = GREATEST(t.scroll_depth, EXCLUDED.scroll_depth),
    cells = t.cells || EXCLUDED.cells,
    clicks = t.clicks || EXCLUDED.clicks`;

/**
 * The rollups of events all received in the UTC hour that starts at `hourStart`, as data-modifying
 * CTEs (`elements AS (…), pages AS (…), …`) for one statement: clicked elements, page counts,
 * sessions, session pages and one heatmap hour part per cell owner (decision 085). The request
 * writes them with its raw rows (TRACKING_RAW_FIRST off); raw-first, the fold writes the same rows
 * set-based in SQL (fold-statement.ts, decision 193). Also returns the cells, whose owners the part
 * counter counts.
 */
export function rollupStatement(
  groups: readonly ReceivedEvents[],
  hourStart: number,
): { ctes: SQL; cells: CountRow<CellKey>[] } {
  const day = utcDayOf(new Date(hourStart));
  const hour = new Date(hourStartOf(hourStart)).toISOString();
  const workspaceOf = new Map(groups.map((g) => [g.configurationId, g.workspaceId]));
  const ws = (configurationId: string) => workspaceOf.get(configurationId)!;
  // A session's first and last receipt among these groups.
  const received = new Map<string, { first: number; last: number }>();
  for (const group of groups)
    for (const event of group.events) {
      const key = `${group.configurationId}\u0000${event.sessionId}`;
      const seen = received.get(key);
      if (!seen) received.set(key, { first: group.receivedAt, last: group.receivedAt });
      else {
        seen.first = Math.min(seen.first, group.receivedAt);
        seen.last = Math.max(seen.last, group.receivedAt);
      }
    }
  const owned = groups.map((g) => ({ configurationId: g.configurationId, events: g.events }));
  const rollups = rollUpEvents(owned, day);
  const cells = hourCellColumns(rollups.cells, ws);
  const iso = (ms: number) => new Date(ms).toISOString();
  const sessions = rollups.sessions.map((s) => {
    const at = received.get(`${s.configurationId}\u0000${s.sessionId}`)!;
    return {
      w: ws(s.configurationId),
      c: s.configurationId,
      s: s.sessionId,
      a: iso(s.startedAt),
      b: iso(s.endedAt),
      n: s.eventCount,
      k: s.clickCount,
      p: s.lastPageUrl,
      pa: iso(s.lastPageAt),
      fr: iso(at.first),
      lr: iso(at.last),
      // Session start (issue 16); absent keys are NULL in json_to_recordset.
      lu: s.landingUrl,
      rf: s.referrer ?? undefined,
      dv: s.device,
      vi: s.visitorId ?? undefined,
      ck: s.cartToken ?? undefined,
      eh: s.emailHash ?? undefined,
      ...campaignOf(s.landingUrl),
    };
  });
  const pages = rollups.pages.map(({ key, count }) => ({
    w: ws(key.configurationId),
    c: key.configurationId,
    p: key.pageUrl,
    n: count,
  }));
  const sessionPages = rollUpSessionPages(owned).map((row) => ({
    w: ws(row.configurationId),
    c: row.configurationId,
    p: row.pageUrl,
    v: row.viewportBucket,
    s: row.sessionId,
    h: row.viewportHeight,
    d: row.scrollDepth,
    x: encodeSessionCells(row.cells),
    k: row.clicks,
  }));
  const elements = rollups.elements.map(({ key, count }) => ({
    w: ws(key.configurationId),
    c: key.configurationId,
    p: key.pageUrl,
    s: key.selector,
    n: count,
  }));
  // Order matters for throughput, not for the result: PostgreSQL runs the main query first, then
  // the CTEs from the last listed to the first (nodeModifyTable.c: es_auxmodifytables). The rows
  // every commit shares (page counts, clicked elements: a few per page and day) are listed first,
  // so they are locked last, just before the commit (issue 18). The heatmap cells are appended as
  // one hour part per owner, never updated in place (decision 085).
  const ctes = sql`elements AS (
        INSERT INTO tracking_click_elements AS t (workspace_id, configuration_id, page_url, selector, day, count)
        SELECT w, c, p, s, ${day}::date, n
        FROM json_to_recordset(${JSON.stringify(elements)}::json) AS r(w uuid, c uuid, p text, s text, n bigint)
        ${ELEMENTS_ON_CONFLICT}
      ), pages AS (
        INSERT INTO tracking_page_counts AS t (workspace_id, configuration_id, page_url, day, event_count)
        SELECT w, c, p, ${day}::date, n
        FROM json_to_recordset(${JSON.stringify(pages)}::json) AS r(w uuid, c uuid, p text, n bigint)
        ${PAGES_ON_CONFLICT}
      ), sessions AS (
        INSERT INTO tracking_sessions AS t (workspace_id, configuration_id, session_id, started_at, ended_at,
          event_count, click_count, last_page_url, last_page_at, first_received_at, last_received_at,
          landing_url, referrer, device, visitor_id, checkout_token, email_hash, utm_source, utm_medium,
          utm_campaign, utm_content, utm_term, fbclid, gclid, ttclid, msclkid)
        SELECT w, c, s, a, b, n, k, p, pa, fr, lr,
          lu, rf, dv, vi, ck, eh, utm_source, utm_medium, utm_campaign, utm_content, utm_term, fbclid, gclid, ttclid, msclkid
        FROM json_to_recordset(${JSON.stringify(sessions)}::json) AS r(w uuid, c uuid, s text, a timestamptz,
          b timestamptz, n bigint, k bigint, p text, pa timestamptz, fr timestamptz, lr timestamptz, lu text, rf text,
          dv text, vi text, ck text, eh text, utm_source text, utm_medium text, utm_campaign text, utm_content text,
          utm_term text, fbclid text, gclid text, ttclid text, msclkid text)
        ${SESSIONS_ON_CONFLICT}
      ), session_pages AS (
        INSERT INTO tracking_session_pages AS t (workspace_id, configuration_id, page_url, day, viewport_bucket,
          session_id, viewport_height, scroll_depth, cells, clicks)
        SELECT w, c, p, ${day}::date, v, s, h, d, decode(x, 'hex'), k
        FROM json_to_recordset(${JSON.stringify(sessionPages)}::json) AS r(w uuid, c uuid, p text, v text, s text,
          h int, d smallint, x text, k jsonb)
        ${SESSION_PAGES_ON_CONFLICT}
      ), cells AS (
        INSERT INTO tracking_heatmap_hour_parts (workspace_id, configuration_id, page_url, hour, viewport_bucket,
          event_type, x_bins, y_bins, counts)
        SELECT o.w, o.c, o.p, ${hour}::timestamptz, o.v, o.e, array_agg(r.x), array_agg(r.y), array_agg(r.n)
        FROM unnest(${cells.ow}::uuid[], ${cells.oc}::uuid[], ${cells.op}::text[], ${cells.ov}::text[],
          ${cells.ot}::text[]) WITH ORDINALITY AS o(w, c, p, v, e, k)
        JOIN unnest(${cells.o}::int[], ${cells.x}::smallint[], ${cells.y}::int[], ${cells.n}::bigint[])
          AS r(o, x, y, n) ON r.o = o.k
        GROUP BY o.k, o.w, o.c, o.p, o.v, o.e
      )`;
  return { ctes, cells: rollups.cells };
}
