import { sql } from 'drizzle-orm';
import { type AdDay, judgeFatigue } from '../../../core/creatives/judge-fatigue.ts';
import { contributionOf, emptyContributionParts } from '../../../core/profit/contribution-of.ts';
import {
  CREATIVE_PLATFORMS,
  type CreativePlatform,
  type CreativeRow,
  type CreativesQuery,
} from '../../../shared/contracts/creatives.ts';
import { dayRangeRequestOf } from '../../../shared/contracts/date-range.ts';
import { currencyDigitsOf, minorToDecimal } from '../../../shared/money.ts';
import { queryRows } from '../../db/query-rows.ts';
import type { CachedReads } from '../../http/deps.ts';
import { creditOfRow } from '../metrics/credit-of-row.ts';
import { partsOf, queryCreditedRows } from '../metrics/load-attribution.ts';
import { readMetricWindow } from '../metrics/metric-window.ts';
import { AdDayRow, AdRow } from './creative-rows.ts';
import { readPlatformAdDays, readPlatformAds } from './read-platform-ads.ts';

/**
 * Creatives (issue #44, decisions 122 and 130): every synced ad over the window with the
 * platform's figures (spend, impressions, clicks, video plays, reported purchases and value), the
 * orders the one attribution rule credits to the ad's platform whose last visit names the ad
 * (utm_content = ad id: Meta's `{{ad.id}}`, Google's `{creative}`, TikTok's `__CID__` URL
 * parameter) with their contribution (decision 010's lines, refunds on their day, as
 * /api/campaigns), and the fatigue rule over the ad's whole history up to the window's end.
 * Meta's spend is in its account currency (as its campaigns); Google's and TikTok's in the shop's
 * at the spend day's rate (decision 104).
 */

/** Every synced day of the workspace's ads up to `end` (the fatigue rule reads the whole history). */
export function readAdDays(reads: CachedReads, workspaceId: string, end: string, adId?: string) {
  return queryRows(
    reads.db,
    AdDayRow,
    sql`SELECT 'meta' AS platform, ad_id, date::text AS date, spend_minor::float8 AS spend, impressions::float8 AS impressions,
          coalesce(reach, 0)::float8 AS reach, reach IS NOT NULL AS has_reach, clicks::float8 AS clicks, video_plays_3s::float8 AS plays,
          reported_purchases::float8 AS purchases, reported_purchase_value_minor::float8 AS purchase_value,
          currency_code
        FROM wh_meta_ad_daily_insights
        WHERE workspace_id = ${workspaceId} AND date <= ${end}::date
          ${adId === undefined ? sql`` : sql`AND ad_id = ${adId}`}
        ORDER BY ad_id, date`,
  );
}

/** Every synced day of the asked platforms' ads up to `end`: Meta's table and Google's/TikTok's. */
export async function readEveryAdDay(
  reads: CachedReads,
  workspaceId: string,
  end: string,
  platforms: readonly CreativePlatform[],
): Promise<AdDayRow[]> {
  const others = platforms.filter((p): p is Exclude<CreativePlatform, 'meta'> => p !== 'meta');
  const [meta, other] = await Promise.all([
    platforms.includes('meta') ? readAdDays(reads, workspaceId, end) : [],
    readPlatformAdDays(reads, workspaceId, end, others),
  ]);
  return [...meta, ...other];
}

/** The credit key of an ad: the channel its platform's orders are credited to, and its id. */
export const creditKey = (platform: CreativePlatform, adId: string) =>
  `${platform === 'meta' ? 'meta_ads' : platform}|${adId}`;

const AD_CHANNELS = new Set(['meta_ads', 'google_ads', 'tiktok_ads']);

/** Orders credited to each ad (count, gross totals, contribution) over the window, by `creditKey` and day. */
export async function readAdCredit(reads: CachedReads, workspaceId: string, start: string, end: string) {
  const rows = await queryCreditedRows(reads.db, workspaceId, start, end, { byAd: true });
  const byAd = new Map<
    string,
    {
      orders: number;
      revenue: number;
      parts: ReturnType<typeof emptyContributionParts>;
      days: Map<string, number>;
    }
  >();
  for (const row of rows) {
    const channel = creditOfRow(row).channel;
    if (row.ad === null || channel === null || !AD_CHANNELS.has(channel)) continue;
    const key = `${channel}|${row.ad}`;
    let entry = byAd.get(key);
    if (!entry) {
      entry = { orders: 0, revenue: 0, parts: emptyContributionParts(), days: new Map() };
      byAd.set(key, entry);
    }
    const parts = partsOf(row);
    for (const key of Object.keys(parts) as (keyof typeof parts)[])
      entry.parts[key] = (entry.parts[key] ?? 0) + (parts[key] ?? 0);
    if (row.kind === 'order') {
      entry.orders += row.orders;
      entry.revenue += row.amount;
      entry.days.set(row.date, (entry.days.get(row.date) ?? 0) + row.orders);
    }
  }
  return byAd;
}

const ratio = (a: number, b: number) => (b > 0 ? (100 * a) / b : null);

/** The synced Meta ads with their campaign's name. */
function readMetaAds(reads: CachedReads, workspaceId: string) {
  return queryRows(
    reads.db,
    AdRow,
    sql`SELECT 'meta' AS platform, a.ad_id, a.name, a.campaign_id, c.name AS campaign_name, a.title,
          a.format, a.thumbnail_url, a.creative_id IS NULL AS creative_deleted
        FROM wh_meta_ads a
        LEFT JOIN wh_meta_campaigns c ON c.workspace_id = a.workspace_id AND c.campaign_id = a.campaign_id
        WHERE a.workspace_id = ${workspaceId}
        ORDER BY a.ad_id`,
  );
}

export async function readCreatives(
  reads: CachedReads,
  workspaceId: string,
  query: CreativesQuery,
  now: Date,
): Promise<CreativeRow[]> {
  const window = await readMetricWindow(reads.db, workspaceId, dayRangeRequestOf(query), now, 'none');
  if (!window) return [];
  const wanted = (platform: CreativePlatform) => query.platform === undefined || query.platform === platform;
  const meta = wanted('meta');
  const platforms = (['google_ads', 'tiktok_ads'] as const).filter(wanted);
  const [metaAds, otherAds, adDays, credit] = await Promise.all([
    meta ? readMetaAds(reads, workspaceId) : [],
    readPlatformAds(reads, workspaceId, platforms),
    readEveryAdDay(reads, workspaceId, window.end, CREATIVE_PLATFORMS.filter(wanted)),
    readAdCredit(reads, workspaceId, window.start, window.end),
  ]);
  const history = new Map<string, AdDayRow[]>();
  for (const d of adDays) {
    const key = creditKey(d.platform, d.ad_id);
    history.set(key, [...(history.get(key) ?? []), d]);
  }
  const shopDigits = window.currencyDigits;
  const rows: CreativeRow[] = [];
  for (const ad of [...metaAds, ...otherAds]) {
    const all = history.get(creditKey(ad.platform, ad.ad_id)) ?? [];
    const inWindow = all.filter((d) => d.date >= window.start);
    const spendCurrency = all[all.length - 1]?.currency_code ?? window.currency;
    const spendDigits = currencyDigitsOf(spendCurrency);
    const sum = (key: 'spend' | 'impressions' | 'clicks' | 'plays' | 'purchases' | 'purchase_value') =>
      inWindow.reduce((s, d) => s + d[key], 0);
    const spend = sum('spend');
    const impressions = sum('impressions');
    const c = credit.get(creditKey(ad.platform, ad.ad_id));
    const orders = c?.orders ?? 0;
    const fatigueDays: AdDay[] = all.map((d) => ({
      date: d.date,
      impressions: d.impressions,
      reach: d.has_reach ? d.reach : null,
      clicks: d.clicks,
      purchases: d.purchases,
    }));
    rows.push({
      adId: ad.ad_id,
      platform: ad.platform,
      campaign: ad.campaign_name ?? ad.campaign_id ?? '',
      campaignId: ad.campaign_id,
      name: ad.name,
      format: ad.format,
      creativeDeleted: ad.creative_deleted,
      title: ad.title,
      thumbnailUrl: ad.thumbnail_url,
      from: window.start,
      to: window.end,
      currency: window.currency,
      spendCurrency,
      spend: minorToDecimal(spend, spendDigits),
      impressions,
      clicks: sum('clicks'),
      ctr: ratio(sum('clicks'), impressions),
      hookRate: ad.format === 'video' ? ratio(sum('plays'), impressions) : null,
      cpa:
        orders > 0 && spendCurrency === window.currency
          ? minorToDecimal(Math.round(spend / orders), spendDigits)
          : null,
      platformRoas: spend > 0 ? sum('purchase_value') / spend : null,
      platformPurchases: Math.round(sum('purchases')),
      verifiedOrders: orders,
      verifiedRevenue: minorToDecimal(c?.revenue ?? 0, shopDigits),
      contribution: minorToDecimal(
        contributionOf(c?.parts ?? emptyContributionParts()).contributionMargin,
        shopDigits,
      ),
      fatigue: judgeFatigue(fatigueDays, window.end),
    });
  }
  return rows;
}
