import { type SQL, sql } from 'drizzle-orm';
import type { Campaign } from '../../../shared/campaign-url.ts';
import { bucketOfWidth, xBinOfSql, yBinOfSql } from './bins-sql.ts';
import { X_BINS } from './rollup.ts';
import {
  ELEMENTS_ON_CONFLICT,
  PAGES_ON_CONFLICT,
  SESSION_PAGES_ON_CONFLICT,
  SESSIONS_ON_CONFLICT,
} from './rollup-statement.ts';
import { SESSION_CELL_TYPE, TYPE_SHIFT } from './session-pages.ts';

/**
 * A page URL seen in a fold chunk, with what the app derives from it (decision 193): the page it
 * counts for (`pageKeyOf`: WHATWG URL parsing, kept in the app rather than approximated in SQL) and
 * the campaign parameters of the URL when it is a session's landing page (`campaignOf`).
 */
export type ChunkPage = { u: string; k: string } & Campaign;

const CLICK_TYPE = SESSION_CELL_TYPE.click;
const MOVE_TYPE = SESSION_CELL_TYPE.cursor_move;
const SCROLL_TYPE = SESSION_CELL_TYPE.scroll;

/**
 * The raw-first fold of one chunk, set-based (decision 193): one statement reads the raw rows of
 * [from, to) once and writes every rollup from them with GROUP BY, as `rollUpEvents` and
 * `rollUpSessionPages` do in the app for the request path (TRACKING_RAW_FIRST off), and with the same
 * ON CONFLICT merges (rollup-statement.ts). Before, the fold read the chunk's rows into the app,
 * rolled them up in JavaScript and sent the rollups back as JSON: 20–50 µs of the server's event loop
 * per event, and PostgreSQL's CPU for printing the rows and parsing the JSON (decision 176).
 *
 * What each rollup takes, in the order of the rows' ingestion (stamp, then row: one commit's rows
 * share a stamp and a day partition), as the fold read them before:
 * - page counts, clicked elements: per site, page and UTC day of receipt;
 * - heatmap hour parts: one per owner (site, page, hour, viewport bucket, type), its cells binned as
 *   `xBinOf` / `yBinOf` bin them (the same IEEE double steps, as heatmap-pending.ts);
 * - session pages: per site, page, day, bucket and session, the largest viewport height and depth
 *   (`depthOf`: the scroll depth, else the first screen rounded half up), the cells as the
 *   big-endian (type << 24 | cell index, count) pairs `encodeSessionCells` writes, and the clicks in
 *   order;
 * - sessions: per site and session over the chunk, the landing event being the earliest page view,
 *   else the earliest event (the first in order on a tie); its referrer is that of the last event
 *   that moved the landing and carried one (`noteStart`); visitor, cart and e-mail the first given.
 * The statement returns the heatmap part owners it wrote, for the part counter. The session pages'
 * cells and clicks are materialised CTEs (decision 201): inlined, the planner joined them to the page
 * visits by nested loops on the bench's chunks and re-ran the clicks' sort and aggregate per visit.
 */
export function foldStatement(range: { from: string; to: string }, pages: readonly ChunkPage[]): SQL {
  const heatmapType = sql`r.t IN ('click', 'cursor_move', 'scroll')`;
  return sql`WITH page AS (
      SELECT * FROM json_to_recordset(${JSON.stringify(pages)}::json) AS m(u text, k text, utm_source text,
        utm_medium text, utm_campaign text, utm_content text, utm_term text, fbclid text, gclid text, ttclid text,
        msclkid text)
    ), raw AS MATERIALIZED (
      SELECT e.workspace_id AS w, e.configuration_id AS c, e.session_id COLLATE "C" AS s, e.event_type AS t,
        e.page_url AS u, m.k COLLATE "C" AS p, e.x, e.y, e.viewport_height AS vh, e.document_height AS dh,
        e.element_selector COLLATE "C" AS el, e.scroll_depth AS sd, e.client_time AS ct, e.received_at AS ra,
        e.referrer AS rf, e.visitor_id AS vi, e.cart_token AS ck, e.email_hash AS eh, e.ingested_at AS at, e.ctid AS id,
        date_trunc('hour', e.received_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hr,
        (e.received_at AT TIME ZONE 'UTC')::date AS day,
        ${bucketOfWidth(sql`e.viewport_width`)} AS v,
        ${xBinOfSql(sql`e.x`, sql`e.viewport_width`)} AS xb,
        ${yBinOfSql(sql`e.y`)} AS yb
      FROM tracking_events e JOIN page m ON m.u = e.page_url
      WHERE e.configuration_id = ANY (ARRAY(SELECT id FROM tracking_configurations))
        AND e.ingested_at >= ${range.from}::timestamptz AND e.ingested_at < ${range.to}::timestamptz
    ), elements AS (
      INSERT INTO tracking_click_elements AS t (workspace_id, configuration_id, page_url, selector, day, count)
      SELECT r.w, r.c, r.p, r.el, r.day, count(*) FROM raw r WHERE r.t = 'click' AND r.el <> ''
      GROUP BY r.w, r.c, r.p, r.el, r.day ORDER BY r.c, r.p, r.el, r.day
      ${ELEMENTS_ON_CONFLICT}
    ), pages AS (
      INSERT INTO tracking_page_counts AS t (workspace_id, configuration_id, page_url, day, event_count)
      SELECT r.w, r.c, r.p, r.day, count(*) FROM raw r GROUP BY r.w, r.c, r.p, r.day ORDER BY r.c, r.p, r.day
      ${PAGES_ON_CONFLICT}
    ), session_rows AS (
      -- An event moves the landing (noteStart) when it is the first, or a page view with no page view
      -- before it or earlier than every one before it, or, with no page view before it, earlier than
      -- every event before it.
      SELECT (array_agg(r.w))[1] AS w, r.c, r.s, min(r.ct) AS a, max(r.ct) AS b, count(*) AS n, count(*) FILTER (WHERE r.t = 'click') AS k,
        (array_agg(r.p ORDER BY r.ct DESC, r.at DESC, r.id DESC))[1] AS p, min(r.ra) AS fr, max(r.ra) AS lr,
        (array_agg(r.u ORDER BY r.t <> 'page_view', r.ct, r.at, r.id))[1] AS lu,
        (array_agg(r.v ORDER BY r.t <> 'page_view', r.ct, r.at, r.id))[1] AS dv,
        (array_agg(r.rf ORDER BY r.at DESC, r.id DESC) FILTER (WHERE r.rf IS NOT NULL AND (r.before = 0
          OR CASE WHEN r.t = 'page_view' THEN r.view_before IS NULL OR r.ct < r.view_before
            ELSE r.view_before IS NULL AND r.ct < r.any_before END)))[1] AS rf,
        (array_agg(r.vi ORDER BY r.at, r.id) FILTER (WHERE r.vi IS NOT NULL))[1] AS vi,
        (array_agg(r.ck ORDER BY r.at, r.id) FILTER (WHERE r.ck IS NOT NULL))[1] AS ck,
        (array_agg(r.eh ORDER BY r.at, r.id) FILTER (WHERE r.eh IS NOT NULL))[1] AS eh
      FROM (SELECT r.*, count(*) OVER earlier AS before, min(r.ct) OVER earlier AS any_before,
          min(r.ct) FILTER (WHERE r.t = 'page_view') OVER earlier AS view_before
        FROM raw r
        WINDOW earlier AS (PARTITION BY r.c, r.s ORDER BY r.at, r.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)) r
      GROUP BY r.c, r.s
    ), sessions AS (
      INSERT INTO tracking_sessions AS t (workspace_id, configuration_id, session_id, started_at, ended_at,
        event_count, click_count, last_page_url, last_page_at, first_received_at, last_received_at,
        landing_url, referrer, device, visitor_id, checkout_token, email_hash, utm_source, utm_medium,
        utm_campaign, utm_content, utm_term, fbclid, gclid, ttclid, msclkid)
      SELECT r.w, r.c, r.s, r.a, r.b, r.n, r.k, r.p, r.b, r.fr, r.lr, r.lu, substring(r.rf FROM '^[^?#]*'), r.dv,
        r.vi, r.ck, r.eh, m.utm_source, m.utm_medium, m.utm_campaign, m.utm_content, m.utm_term, m.fbclid, m.gclid,
        m.ttclid, m.msclkid
      FROM session_rows r JOIN page m ON m.u = r.lu
      ORDER BY r.c, r.s
      ${SESSIONS_ON_CONFLICT}
    ), session_cells AS MATERIALIZED (
      SELECT r.c, r.p, r.day, r.v, r.s,
        string_agg(int4send(r.code) || int4send(r.n), ''::bytea) AS cells
      FROM (SELECT r.c, r.p, r.day, r.v, r.s, count(*)::int AS n,
          (CASE r.t WHEN 'click' THEN ${CLICK_TYPE}::int WHEN 'cursor_move' THEN ${MOVE_TYPE}::int
            ELSE ${SCROLL_TYPE}::int END) * ${TYPE_SHIFT}::int + r.yb * ${X_BINS}::int + r.xb AS code
        FROM raw r WHERE ${heatmapType} GROUP BY r.c, r.p, r.day, r.v, r.s, code) r
      GROUP BY r.c, r.p, r.day, r.v, r.s
    ), page_visits AS (
      SELECT r.w, r.c, r.p, r.day, r.v, r.s, max(r.vh) AS h,
        greatest(0, max(coalesce(r.sd, CASE WHEN coalesce(r.dh, 0) = 0 THEN 0
          ELSE least(100, floor((r.vh::float8 / r.dh) * 100 + 0.5)) END)))::smallint AS d
      FROM raw r GROUP BY r.w, r.c, r.p, r.day, r.v, r.s
    ), page_clicks AS MATERIALIZED (
      SELECT r.c, r.p, r.day, r.v, r.s, jsonb_agg(jsonb_build_array((extract(epoch FROM r.ct) * 1000)::float8,
          r.x, r.y, r.el, (r.t = 'dead_click')::int) ORDER BY r.at, r.id) AS k
      FROM raw r WHERE r.t IN ('click', 'dead_click') GROUP BY r.c, r.p, r.day, r.v, r.s
    ), session_pages AS (
      INSERT INTO tracking_session_pages AS t (workspace_id, configuration_id, page_url, day, viewport_bucket,
        session_id, viewport_height, scroll_depth, cells, clicks)
      SELECT r.w, r.c, r.p, r.day, r.v, r.s, r.h, r.d, coalesce(x.cells, ''::bytea), coalesce(k.k, '[]'::jsonb)
      FROM page_visits r
        LEFT JOIN session_cells x ON x.c = r.c AND x.p = r.p AND x.day = r.day AND x.v = r.v AND x.s = r.s
        LEFT JOIN page_clicks k ON k.c = r.c AND k.p = r.p AND k.day = r.day AND k.v = r.v AND k.s = r.s
      ORDER BY r.c, r.p, r.day, r.v, r.s
      ${SESSION_PAGES_ON_CONFLICT}
    ), cells AS (
      INSERT INTO tracking_heatmap_hour_parts (workspace_id, configuration_id, page_url, hour, viewport_bucket,
        event_type, x_bins, y_bins, counts)
      SELECT o.w, o.c, o.p, o.hr, o.v, o.t, array_agg(o.xb::smallint), array_agg(o.yb), array_agg(o.n)
      FROM (SELECT r.w, r.c, r.p, r.hr, r.v, r.t, r.xb, r.yb, count(*) AS n FROM raw r WHERE ${heatmapType}
        GROUP BY r.w, r.c, r.p, r.hr, r.v, r.t, r.xb, r.yb) o
      GROUP BY o.w, o.c, o.p, o.hr, o.v, o.t
      RETURNING configuration_id, page_url, viewport_bucket, event_type, hour
    )
    SELECT configuration_id AS c, page_url AS p, viewport_bucket AS v, event_type AS t,
      (extract(epoch FROM hour) * 1000)::float8 AS h
    FROM cells`;
}
