import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type AdDay, judgeFatigue } from '../../../core/creatives/judge-fatigue.ts';
import { contributionOf, emptyContributionParts } from '../../../core/profit/contribution-of.ts';
import type { CreativeRow, CreativesQuery } from '../../../shared/contracts/creatives.ts';
import { dayRangeRequestOf } from '../../../shared/contracts/date-range.ts';
import { currencyDigitsOf, minorToDecimal } from '../../../shared/money.ts';
import { queryRows } from '../../db/query-rows.ts';
import { creditOfRow } from '../../domain/metrics/credit-of-row.ts';
import { partsOf, queryCreditedRows } from '../../domain/metrics/load-attribution.ts';
import { readMetricWindow } from '../../domain/metrics/metric-window.ts';
import type { CachedReads } from '../../http/deps.ts';

/**
 * Creatives (issue #44, decision 122): every synced Meta ad over the window with the platform's
 * figures (spend, impressions, clicks, 3-second plays, reported purchases and value), the orders
 * the one attribution rule credits to Meta whose last visit names the ad (utm_content = ad id,
 * Meta's `{{ad.id}}` URL parameter) with their contribution (decision 010's lines, refunds on
 * their day, as /api/campaigns), and the fatigue rule over the ad's whole history up to the
 * window's end. Google Ads and TikTok are not synced at ad level: asking for them answers [].
 */

const AdRow = z.object({
  ad_id: z.string(),
  name: z.string(),
  campaign_id: z.string().nullable(),
  campaign_name: z.string().nullable(),
  creative_id: z.string().nullable(),
  title: z.string().nullable(),
  format: z.enum(['video', 'image']).nullable(),
  thumbnail_url: z.string().nullable(),
});

const AdDayRow = z.object({
  ad_id: z.string(),
  date: z.string(),
  spend: z.number(),
  impressions: z.number(),
  reach: z.number(),
  clicks: z.number(),
  plays: z.number(),
  purchases: z.number(),
  purchase_value: z.number(),
  currency_code: z.string(),
});
export type AdDayRow = z.infer<typeof AdDayRow>;

/** Every synced day of the workspace's ads up to `end` (the fatigue rule reads the whole history). */
export function readAdDays(reads: CachedReads, workspaceId: string, end: string, adId?: string) {
  return queryRows(
    reads.db,
    AdDayRow,
    sql`SELECT ad_id, date::text AS date, spend_minor::float8 AS spend, impressions::float8 AS impressions,
          coalesce(reach, 0)::float8 AS reach, clicks::float8 AS clicks, video_plays_3s::float8 AS plays,
          reported_purchases::float8 AS purchases, reported_purchase_value_minor::float8 AS purchase_value,
          currency_code
        FROM wh_meta_ad_daily_insights
        WHERE workspace_id = ${workspaceId} AND date <= ${end}::date
          ${adId === undefined ? sql`` : sql`AND ad_id = ${adId}`}
        ORDER BY ad_id, date`,
  );
}

/** Orders credited to each ad (count, gross totals, contribution) over the window, by ad and day. */
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
    if (row.ad === null || creditOfRow(row).channel !== 'meta_ads') continue;
    let entry = byAd.get(row.ad);
    if (!entry) {
      entry = { orders: 0, revenue: 0, parts: emptyContributionParts(), days: new Map() };
      byAd.set(row.ad, entry);
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

export async function readCreatives(
  reads: CachedReads,
  workspaceId: string,
  query: CreativesQuery,
  now: Date,
): Promise<CreativeRow[]> {
  if (query.platform !== undefined && query.platform !== 'meta') return [];
  const window = await readMetricWindow(reads.db, workspaceId, dayRangeRequestOf(query), now, 'none');
  if (!window) return [];
  const [ads, days, credit] = await Promise.all([
    queryRows(
      reads.db,
      AdRow,
      sql`SELECT a.ad_id, a.name, a.campaign_id, c.name AS campaign_name, a.creative_id, a.title,
            a.format, a.thumbnail_url
          FROM wh_meta_ads a
          LEFT JOIN wh_meta_campaigns c ON c.workspace_id = a.workspace_id AND c.campaign_id = a.campaign_id
          WHERE a.workspace_id = ${workspaceId}
          ORDER BY a.ad_id`,
    ),
    readAdDays(reads, workspaceId, window.end),
    readAdCredit(reads, workspaceId, window.start, window.end),
  ]);
  const history = new Map<string, AdDayRow[]>();
  for (const d of days) history.set(d.ad_id, [...(history.get(d.ad_id) ?? []), d]);
  const shopDigits = window.currencyDigits;
  const rows: CreativeRow[] = [];
  for (const ad of ads) {
    const all = history.get(ad.ad_id) ?? [];
    const inWindow = all.filter((d) => d.date >= window.start);
    const spendCurrency = all[all.length - 1]?.currency_code ?? window.currency;
    const spendDigits = currencyDigitsOf(spendCurrency);
    const sum = (key: 'spend' | 'impressions' | 'clicks' | 'plays' | 'purchases' | 'purchase_value') =>
      inWindow.reduce((s, d) => s + d[key], 0);
    const spend = sum('spend');
    const impressions = sum('impressions');
    const c = credit.get(ad.ad_id);
    const orders = c?.orders ?? 0;
    const fatigueDays: AdDay[] = all.map((d) => ({
      date: d.date,
      impressions: d.impressions,
      reach: d.reach,
      clicks: d.clicks,
      purchases: d.purchases,
    }));
    rows.push({
      adId: ad.ad_id,
      platform: 'meta',
      campaign: ad.campaign_name ?? ad.campaign_id ?? '',
      campaignId: ad.campaign_id,
      name: ad.name,
      format: ad.format,
      creativeDeleted: ad.creative_id === null,
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
      platformPurchases: sum('purchases'),
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
