import { currencyDigitsOf, parseDecimalToMinor } from '../../../../shared/money.ts';
import type { TikTokAd, TikTokReportRow } from '../../../connectors/tiktok-ads/payload.schema.ts';
import type { AdPlatformAd, AdPlatformAdDay } from '../ad-platforms/ad-platform-ad-row.ts';
import { safeImageUrl } from '../ad-platforms/safe-image-url.ts';

/**
 * TikTok `ad/get/` ads and AUCTION_AD report rows → ads with their creative and ad days (pure;
 * decision 130). A video ad's picture is its library video's cover; an ad whose video is no longer
 * in the library is a deleted creative. Hook plays are TikTok's 2-second views; reach is TikTok's
 * per ad and day (`"-"` when unavailable → null, and the fatigue rule cannot judge frequency).
 */

const present = (value: string | number | undefined) =>
  value !== undefined && value !== '-' && Number.isFinite(Number(value));

export function mapTikTokAds(ads: TikTokAd[], covers: ReadonlyMap<string, string | null>): AdPlatformAd[] {
  return ads.map((ad) => {
    const video = ad.video_id ?? null;
    const images = ad.image_ids ?? [];
    return {
      adId: String(ad.ad_id),
      campaignId: String(ad.campaign_id),
      adGroupId: ad.adgroup_id === null || ad.adgroup_id === undefined ? null : String(ad.adgroup_id),
      name: ad.ad_name ?? String(ad.ad_id),
      status: ad.operation_status ?? null,
      format: video ? 'video' : images.length > 0 ? 'image' : null,
      title: null,
      body: ad.ad_text || null,
      callToAction: ad.call_to_action || null,
      finalUrl: ad.landing_page_url || null,
      thumbnailUrl: video ? safeImageUrl(covers.get(video)) : null,
      videoId: video,
      creativeDeleted: video !== null && !covers.has(video),
    };
  });
}

export function mapTikTokAdDays(rows: TikTokReportRow[], currency: string): AdPlatformAdDay[] {
  const digits = currencyDigitsOf(currency);
  const money = (value: string | number | undefined) =>
    present(value) ? parseDecimalToMinor(value!, digits) : 0;
  const count = (value: string | number | undefined) => (present(value) ? Number(value) : 0);
  return rows.flatMap((row) => {
    const adId = row.dimensions.ad_id;
    const m = row.metrics;
    if (adId === undefined || m.campaign_id === undefined) return [];
    return [
      {
        date: row.dimensions.stat_time_day.slice(0, 10),
        adId,
        campaignId: m.campaign_id,
        adGroupId: m.adgroup_id ?? null,
        spendMinor: money(m.spend),
        impressions: count(m.impressions),
        clicks: count(m.clicks),
        conversions: count(m.complete_payment),
        conversionValueMinor: money(m.total_complete_payment_rate),
        videoViews: count(m.video_watched_2s),
        reach: present(m.reach) ? Number(m.reach) : null,
      },
    ];
  });
}
