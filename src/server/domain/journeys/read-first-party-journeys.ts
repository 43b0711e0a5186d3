import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FirstPartyJourney, SessionTouch } from '../../../core/journeys/credit-first-party-journeys.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { foldFirst } from '../tracking/fold-events.ts';

/** How far before the order's session a visitor's earlier sessions count as its journey (GA4's default). */
const LOOKBACK = sql`interval '30 days'`;

/**
 * One session as a touch: UTM tags, the referrer's origin, whether each click id was present, and
 * the campaign Google's click_view named for its gclid (decision 120) by that campaign's
 * utm_campaign, else its name (the key /campaigns matches credit on), read from the campaign's row
 * of the click's day.
 */
const TOUCH = sql`json_build_object('s', s.utm_source, 'm', s.utm_medium, 'c', s.utm_campaign,
  'r', substring(s.referrer from '^https?://[^/?#]+'), 'f', s.fbclid IS NOT NULL, 'g', s.gclid IS NOT NULL,
  't', s.ttclid IS NOT NULL, 'k', s.msclkid IS NOT NULL,
  'p', CASE WHEN s.gclid IS NOT NULL THEN (
    SELECT coalesce(d.utm_campaign, d.campaign_name) FROM ad_click_matches cm
    JOIN wh_ad_platform_daily d ON d.workspace_id = cm.workspace_id AND d.platform = cm.platform
      AND d.date = cm.click_date AND d.campaign_id = cm.campaign_id AND d.ad_group_id = ''
    WHERE cm.workspace_id = s.workspace_id AND cm.platform = 'google_ads' AND cm.click_id = s.gclid) END)`;

const Touch = z
  .object({
    s: z.string().nullable(),
    m: z.string().nullable(),
    c: z.string().nullable(),
    r: z.string().nullable(),
    f: z.boolean(),
    g: z.boolean(),
    t: z.boolean(),
    k: z.boolean(),
    p: z.string().nullable(),
  })
  .transform(
    (t): SessionTouch => ({
      utmSource: t.s,
      utmMedium: t.m,
      utmCampaign: t.c,
      referrer: t.r,
      fbclid: t.f,
      gclid: t.g,
      ttclid: t.t,
      msclkid: t.k,
      clickCampaign: t.p,
    }),
  );
const TouchList = z.array(Touch);
/** One distinct path (its touches as json text) with how many journeys took it and their value. */
const PathRow = z.object({ touches: z.string(), journeys: z.number(), value: z.number() });

/**
 * The first-party journeys of the shop days `start`–`end` (issue 16 item 3). Converting: each
 * revenue order of those days joined to a tracker session, its path being the visitor's sessions on
 * the same website in the 30 days before that session, then the session itself; value = the order
 * total (minor units). With `withNulls` (Markov reads them): every visitor with sessions started in
 * those days and no joined order, one null path each. Identical paths are grouped in SQL (decision
 * 078): the model reads each distinct path once with its counts, not one row per journey.
 */
export async function readFirstPartyJourneys(
  db: Db,
  workspaceId: string,
  window: { start: string; end: string; timeZone: string },
  withNulls: boolean,
): Promise<FirstPartyJourney[]> {
  await foldFirst(db);
  const converting = await queryRows(
    db,
    PathRow,
    sql`WITH joined AS (
        SELECT o.order_id, o.total_minor, j.configuration_id, j.session_id, j.visitor_id, js.started_at
        FROM tracking_order_journeys j
        JOIN wh_orders o ON o.workspace_id = j.workspace_id AND o.order_id = j.order_id
        JOIN tracking_sessions js ON js.configuration_id = j.configuration_id AND js.session_id = j.session_id
        WHERE j.workspace_id = ${workspaceId}::uuid AND NOT o.test AND o.cancelled_at IS NULL
          AND o.order_date BETWEEN ${window.start}::date AND ${window.end}::date),
      touches AS (
        SELECT r.order_id, r.total_minor, s.started_at, s.session_id, ${TOUCH} AS touch
        FROM joined r JOIN tracking_sessions s ON s.configuration_id = r.configuration_id AND s.session_id = r.session_id
        UNION ALL
        SELECT r.order_id, r.total_minor, s.started_at, s.session_id, ${TOUCH}
        FROM joined r JOIN tracking_sessions s ON s.workspace_id = ${workspaceId}::uuid
          AND s.visitor_id = r.visitor_id AND s.configuration_id = r.configuration_id
          AND s.started_at < r.started_at AND s.started_at >= r.started_at - ${LOOKBACK}
        WHERE r.visitor_id IS NOT NULL),
      journeys AS (
        SELECT total_minor, json_agg(touch ORDER BY started_at, session_id)::text AS touches
        FROM touches GROUP BY order_id, total_minor)
      SELECT touches, count(*)::int AS journeys, sum(total_minor)::float8 AS value
      FROM journeys GROUP BY touches`,
  );
  const nulls = withNulls
    ? await queryRows(
        db,
        PathRow,
        sql`SELECT touches, count(*)::int AS journeys, 0::float8 AS value FROM (
          SELECT json_agg(${TOUCH} ORDER BY s.started_at, s.session_id)::text AS touches
          FROM tracking_sessions s
          WHERE s.workspace_id = ${workspaceId}::uuid
            AND s.started_at >= (${window.start}::date)::timestamp AT TIME ZONE ${window.timeZone}
            AND s.started_at < (${window.end}::date + 1)::timestamp AT TIME ZONE ${window.timeZone}
            AND NOT EXISTS (SELECT 1 FROM tracking_order_journeys j
              WHERE j.configuration_id = s.configuration_id AND j.session_id = s.session_id)
            AND (s.visitor_id IS NULL OR NOT EXISTS (SELECT 1 FROM tracking_order_journeys j
              WHERE j.workspace_id = s.workspace_id AND j.configuration_id = s.configuration_id
                AND j.visitor_id = s.visitor_id))
          GROUP BY s.configuration_id, coalesce(s.visitor_id, s.session_id)) paths
          GROUP BY touches`,
      )
    : [];
  const grouped = new Map<string, FirstPartyJourney>();
  for (const [rows, converts] of [
    [converting, true],
    [nulls, false],
  ] as const) {
    for (const row of rows) {
      const journey = grouped.get(row.touches) ?? {
        touches: TouchList.parse(JSON.parse(row.touches)),
        conversions: 0,
        value: 0,
        nulls: 0,
      };
      if (converts) {
        journey.conversions += row.journeys;
        journey.value += row.value;
      } else journey.nulls += row.journeys;
      grouped.set(row.touches, journey);
    }
  }
  return [...grouped.values()];
}
