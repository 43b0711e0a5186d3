import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/query-rows.ts';
import type { CachedReads } from '../../http/deps.ts';
import { AdDayRow, AdRow } from './creative-rows.ts';

/**
 * Google Ads and TikTok ads and their days for the creatives reads (decision 130), in the columns
 * Meta's answer: the campaign's name from its latest campaign day; money in the shop currency at
 * the spend day's rate (decision 104) — a day still without a rate counts no spend or value, as
 * GET /api/ad-spend leaves it out; purchases are the platform's conversions; plays are Google's
 * TrueView views and TikTok's 2-second plays; reach is TikTok's (Google reports none per ad).
 */

type OtherPlatform = 'google_ads' | 'tiktok_ads';

const platformList = (platforms: readonly OtherPlatform[]) =>
  sql.join(
    platforms.map((p) => sql`${p}`),
    sql`, `,
  );

export async function readPlatformAds(
  reads: CachedReads,
  workspaceId: string,
  platforms: readonly OtherPlatform[],
) {
  if (platforms.length === 0) return [];
  return queryRows(
    reads.db,
    AdRow,
    sql`SELECT a.platform, a.ad_id, a.name, a.campaign_id, c.campaign_name, a.title, a.format, a.thumbnail_url,
          a.creative_deleted
        FROM wh_ad_platform_ads a
        LEFT JOIN LATERAL (
          SELECT d.campaign_name FROM wh_ad_platform_daily d
          WHERE d.workspace_id = a.workspace_id AND d.platform = a.platform AND d.campaign_id = a.campaign_id
            AND d.ad_group_id = ''
          ORDER BY d.date DESC LIMIT 1) c ON true
        WHERE a.workspace_id = ${workspaceId} AND a.platform IN (${platformList(platforms)})
        ORDER BY a.platform, a.ad_id`,
  );
}

/** Every synced day of the platforms' ads up to `end` (the fatigue rule reads the whole history). */
export async function readPlatformAdDays(
  reads: CachedReads,
  workspaceId: string,
  end: string,
  platforms: readonly OtherPlatform[],
  adId?: string,
) {
  if (platforms.length === 0) return [];
  return queryRows(
    reads.db,
    AdDayRow,
    sql`SELECT platform, ad_id, date::text AS date, coalesce(spend_shop_minor, 0)::float8 AS spend,
          impressions::float8 AS impressions, coalesce(reach, 0)::float8 AS reach, reach IS NOT NULL AS has_reach,
          clicks::float8 AS clicks, video_views::float8 AS plays, conversions::float8 AS purchases,
          coalesce(conversion_value_shop_minor, 0)::float8 AS purchase_value,
          coalesce(shop_currency, currency_code) AS currency_code
        FROM wh_ad_platform_ad_daily
        WHERE workspace_id = ${workspaceId} AND date <= ${end}::date AND platform IN (${platformList(platforms)})
          ${adId === undefined ? sql`` : sql`AND ad_id = ${adId}`}
        ORDER BY platform, ad_id, date`,
  );
}
