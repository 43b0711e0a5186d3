import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { foldFirst } from '../tracking/fold-events.ts';
import { clickMatchedOrders } from './click-matched-orders.ts';
import { validOrderOf } from './metric-window.ts';

/** Orders of the period (with their revenue, shop minor units) and all of them ever. */
interface CampaignOrders {
  orders: number;
  revenueMinor: number;
  ever: number;
}

const NONE: CampaignOrders = { orders: 0, revenueMinor: 0, ever: 0 };

/** A campaign as the readers name it: its platform, id, name and landing-URL utm_campaign. */
interface CampaignRef {
  platform: string;
  campaignId: string;
  name: string;
  utmCampaign: string | null;
}

export interface CampaignOrdersReader {
  utm(campaign: CampaignRef): CampaignOrders;
  click(campaign: CampaignRef): CampaignOrders;
}

/** No orders for any campaign (a workspace without a synced store). */
export const NO_CAMPAIGN_ORDERS: CampaignOrdersReader = { utm: () => NONE, click: () => NONE };

const CountRow = z.object({
  key: z.string(),
  orders: z.number(),
  revenue: z.coerce.number(),
  ever: z.number(),
});

/** The key a campaign's orders carry: its landing-URL utm_campaign, else its name (TikTok's report names no UTM). */
export const campaignKeyOf = (c: { utmCampaign: string | null; name: string }) => c.utmCampaign ?? c.name;

const periodCounts = (from: string, to: string) =>
  sql`count(*) FILTER (WHERE o.order_date BETWEEN ${from}::date AND ${to}::date)::int AS orders,
      coalesce(sum(o.total_minor) FILTER (WHERE o.order_date BETWEEN ${from}::date AND ${to}::date), 0)::text AS revenue,
      count(*)::int AS ever`;

const keyList = (keys: string[]) =>
  sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );

/**
 * The store-verified orders of every ad platform's campaigns (issue #39, decisions 099 and 120), the
 * one reader /campaigns and GET /api/ad-spend share:
 * - `utm`: valid orders whose landing utm_campaign is the campaign's key (campaignKeyOf);
 * - `click`: orders joined to a tracker session whose click id names the campaign — a gclid Google's
 *   click_view named (ad_click_matches), or a ttclid on a session landing with a TikTok campaign's
 *   key (TikTok names no campaign for a ttclid, decision 120: the click proves the visit came from
 *   a TikTok ad, the UTM which one).
 */
export async function readCampaignOrders(
  db: Db,
  workspaceId: string,
  range: { from: string; to: string },
  campaigns: CampaignRef[],
): Promise<CampaignOrdersReader> {
  // The click-id joins read tracker sessions: fold the raw rows committed so far first (raw-first).
  await foldFirst(db);
  const { from, to } = range;
  const keys = [...new Set(campaigns.map(campaignKeyOf))];
  const tiktokKeys = [...new Set(campaigns.filter((c) => c.platform === 'tiktok_ads').map(campaignKeyOf))];
  const [byUtm, byGclid, byTtclid] = await Promise.all([
    keys.length === 0
      ? []
      : queryRows(
          db,
          CountRow,
          sql`SELECT o.utm_campaign AS key, ${periodCounts(from, to)}
              FROM wh_orders o
              WHERE ${validOrderOf(workspaceId)} AND o.utm_campaign IN (${keyList(keys)})
              GROUP BY 1`,
        ),
    queryRows(
      db,
      CountRow,
      sql`SELECT cm.campaign_id AS key, ${periodCounts(from, to)}
          ${clickMatchedOrders(workspaceId)}
          GROUP BY 1`,
    ),
    tiktokKeys.length === 0
      ? []
      : queryRows(
          db,
          CountRow,
          sql`SELECT s.utm_campaign AS key, ${periodCounts(from, to)}
              FROM tracking_order_journeys j
              JOIN wh_orders o ON o.workspace_id = j.workspace_id AND o.order_id = j.order_id
              JOIN tracking_sessions s ON s.configuration_id = j.configuration_id AND s.session_id = j.session_id
              WHERE j.workspace_id = ${workspaceId}::uuid AND ${validOrderOf(workspaceId)}
                AND s.ttclid IS NOT NULL AND s.utm_campaign IN (${keyList(tiktokKeys)})
              GROUP BY 1`,
        ),
  ]);
  const mapOf = (rows: z.infer<typeof CountRow>[]) =>
    new Map(rows.map((r) => [r.key, { orders: r.orders, revenueMinor: r.revenue, ever: r.ever }]));
  const utm = mapOf(byUtm);
  const gclid = mapOf(byGclid);
  const ttclid = mapOf(byTtclid);
  return {
    utm: (campaign) => utm.get(campaignKeyOf(campaign)) ?? NONE,
    click: (campaign) =>
      (campaign.platform === 'google_ads'
        ? gclid.get(campaign.campaignId)
        : campaign.platform === 'tiktok_ads'
          ? ttclid.get(campaignKeyOf(campaign))
          : undefined) ?? NONE,
  };
}
