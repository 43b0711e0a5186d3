import { splitByLargestRemainder } from '../../../../core/profit/split-by-largest-remainder.ts';
import type { ToShopCurrency } from '../../../domain/ad-spend/ad-spend-conversion.ts';
import type { UpsertRow, UpsertSpec } from '../../../domain/warehouse/upsert-rows.ts';
import type { AdPlatformAd, AdPlatformAdDay } from './ad-platform-ad-row.ts';

/**
 * Google Ads / TikTok ads and ad days → warehouse rows (decision 130). An ad day's spend in the
 * shop currency is its campaign day's converted spend (decision 104: the spend day's rate) shared
 * among the campaign's ads by their account-currency spend (largest remainder: each ad within a
 * cent of its own share), so the
 * ads of a campaign sum to its converted day to the cent, as they do in the account currency. When
 * the ads do not add up to the campaign day (ads the platform no longer lists), each ad day is
 * converted on its own. Conversion value is converted per ad day.
 */

const col = (name: string, type: string) => ({ name, type });

export const ADS_SPEC: UpsertSpec = {
  table: 'wh_ad_platform_ads',
  key: ['workspace_id', 'platform', 'ad_id'],
  touch: ['synced_at'],
  columns: [
    col('workspace_id', 'uuid'),
    col('platform', 'text'),
    col('ad_id', 'text'),
    col('account_id', 'text'),
    col('campaign_id', 'text'),
    col('ad_group_id', 'text'),
    col('name', 'text'),
    col('status', 'text'),
    col('format', 'text'),
    col('title', 'text'),
    col('body', 'text'),
    col('call_to_action', 'text'),
    col('final_url', 'text'),
    col('thumbnail_url', 'text'),
    col('video_id', 'text'),
    col('creative_deleted', 'boolean'),
    col('synced_at', 'timestamptz'),
  ],
};

export const AD_DAILY_SPEC: UpsertSpec = {
  table: 'wh_ad_platform_ad_daily',
  key: ['workspace_id', 'platform', 'date', 'ad_id'],
  touch: ['synced_at'],
  columns: [
    col('workspace_id', 'uuid'),
    col('platform', 'text'),
    col('date', 'date'),
    col('ad_id', 'text'),
    col('campaign_id', 'text'),
    col('ad_group_id', 'text'),
    col('spend_minor', 'bigint'),
    col('impressions', 'bigint'),
    col('clicks', 'bigint'),
    col('conversions', 'numeric'),
    col('conversion_value_minor', 'bigint'),
    col('video_views', 'bigint'),
    col('reach', 'bigint'),
    col('currency_code', 'text'),
    col('shop_currency', 'text'),
    col('spend_shop_minor', 'bigint'),
    col('conversion_value_shop_minor', 'bigint'),
    col('exchange_rate', 'numeric'),
    col('rate_date', 'date'),
    col('synced_at', 'timestamptz'),
  ],
};

interface Context {
  workspaceId: string;
  platform: 'google_ads' | 'tiktok_ads';
  accountId: string;
  currency: string;
  syncedAt: string;
}

export function adRowsOf(ads: readonly AdPlatformAd[], c: Context): UpsertRow[] {
  return ads.map((ad) => ({
    workspace_id: c.workspaceId,
    platform: c.platform,
    ad_id: ad.adId,
    account_id: c.accountId,
    campaign_id: ad.campaignId,
    ad_group_id: ad.adGroupId,
    name: ad.name,
    status: ad.status,
    format: ad.format,
    title: ad.title,
    body: ad.body,
    call_to_action: ad.callToAction,
    final_url: ad.finalUrl,
    thumbnail_url: ad.thumbnailUrl,
    video_id: ad.videoId,
    creative_deleted: ad.creativeDeleted,
    synced_at: c.syncedAt,
  }));
}

/** A campaign day as written: its spend in the account currency and in the shop's. */
export interface CampaignDaySpend {
  date: string;
  campaignId: string;
  spendMinor: number;
  spendShopMinor: number | null;
}

export function adDayRowsOf(
  days: readonly AdPlatformAdDay[],
  campaignDays: readonly CampaignDaySpend[],
  toShop: ToShopCurrency,
  c: Context,
): UpsertRow[] {
  const campaigns = new Map(campaignDays.map((d) => [`${d.date}|${d.campaignId}`, d]));
  const groups = new Map<string, AdPlatformAdDay[]>();
  for (const day of days) {
    const key = `${day.date}|${day.campaignId}`;
    groups.set(key, [...(groups.get(key) ?? []), day]);
  }
  const rows: UpsertRow[] = [];
  for (const [key, ads] of groups) {
    const campaign = campaigns.get(key);
    const spends = ads.map((d) => d.spendMinor);
    const shared =
      campaign &&
      campaign.spendShopMinor !== null &&
      spends.reduce((s, x) => s + x, 0) === campaign.spendMinor
        ? splitByLargestRemainder(campaign.spendShopMinor, spends)
        : null;
    ads.forEach((day, i) => {
      const shop = toShop(c.currency, day.date, day.spendMinor, day.conversionValueMinor);
      rows.push({
        workspace_id: c.workspaceId,
        platform: c.platform,
        date: day.date,
        ad_id: day.adId,
        campaign_id: day.campaignId,
        ad_group_id: day.adGroupId,
        spend_minor: day.spendMinor,
        impressions: day.impressions,
        clicks: day.clicks,
        conversions: day.conversions,
        conversion_value_minor: day.conversionValueMinor,
        video_views: day.videoViews,
        reach: day.reach,
        currency_code: c.currency,
        ...shop,
        spend_shop_minor: shop.spend_shop_minor === null ? null : (shared?.[i] ?? shop.spend_shop_minor),
        synced_at: c.syncedAt,
      });
    });
  }
  return rows;
}
