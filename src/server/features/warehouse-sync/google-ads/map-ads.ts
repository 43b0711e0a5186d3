import { currencyDigitsOf, parseDecimalToMinor } from '../../../../shared/money.ts';
import type { GoogleAdsRow } from '../../../connectors/google-ads/payload.schema.ts';
import type {
  AdPlatformAd,
  AdPlatformAdDay,
  AdPlatformAdFormat,
} from '../ad-platforms/ad-platform-ad-row.ts';
import { safeImageUrl } from '../ad-platforms/safe-image-url.ts';
import { microsToMinor } from './map.ts';

/**
 * Google Ads `ad_group_ad` rows → ads with their creative and ad days (pure; decision 130). The
 * headline and description are a responsive ad's first ones; a video ad's picture is its YouTube
 * video's public thumbnail (`i.ytimg.com/vi/{id}/hqdefault.jpg`, YouTube's URL pattern: the Ads
 * API serves no picture of a video); an ad whose video asset the account no longer has is a
 * deleted creative. Search and Shopping product ads have no picture of their own.
 */

const FORMATS: Record<string, AdPlatformAdFormat> = {
  TEXT_AD: 'text',
  EXPANDED_TEXT_AD: 'text',
  RESPONSIVE_SEARCH_AD: 'text',
  IMAGE_AD: 'image',
  SHOPPING_PRODUCT_AD: 'image',
  RESPONSIVE_DISPLAY_AD: 'image',
  VIDEO_AD: 'video',
  VIDEO_RESPONSIVE_AD: 'video',
  IN_FEED_VIDEO_AD: 'video',
};

const first = (texts: Array<{ text?: string | undefined }> | undefined) =>
  texts?.find((t) => t.text)?.text ?? null;

export function mapGoogleAds(rows: GoogleAdsRow[], assets: GoogleAdsRow[]): AdPlatformAd[] {
  const videos = new Map<string, string>();
  for (const row of assets) {
    const id = row.asset?.youtubeVideoAsset?.youtubeVideoId;
    if (row.asset && id) videos.set(row.asset.resourceName, id);
  }
  return rows.flatMap((row) => {
    const ad = row.adGroupAd?.ad;
    if (!ad || !row.campaign) return [];
    const video = ad.videoResponsiveAd;
    const assetName = video?.videos?.[0]?.asset;
    const videoId = assetName ? (videos.get(assetName) ?? null) : null;
    const text = ad.responsiveSearchAd ?? video;
    return [
      {
        adId: String(ad.id),
        campaignId: String(row.campaign.id),
        adGroupId: row.adGroup ? String(row.adGroup.id) : null,
        name: ad.name ?? String(ad.id),
        status: row.adGroupAd?.status ?? null,
        format: ad.type ? (FORMATS[ad.type] ?? null) : null,
        title: first(text?.headlines),
        body: first(text?.descriptions),
        callToAction: null,
        finalUrl: ad.finalUrls?.[0] ?? null,
        thumbnailUrl: videoId
          ? `https://i.ytimg.com/vi/${encodeURIComponent(videoId)}/hqdefault.jpg`
          : safeImageUrl(ad.imageAd?.imageUrl),
        videoId,
        creativeDeleted: assetName !== undefined && videoId === null,
      },
    ];
  });
}

export function mapGoogleAdDays(rows: GoogleAdsRow[], currency: string): AdPlatformAdDay[] {
  const digits = currencyDigitsOf(currency);
  return rows.flatMap((row) => {
    const date = row.segments?.date;
    const ad = row.adGroupAd?.ad;
    if (!date || !ad || !row.campaign) return [];
    const m = row.metrics ?? {};
    return [
      {
        date,
        adId: String(ad.id),
        campaignId: String(row.campaign.id),
        adGroupId: row.adGroup ? String(row.adGroup.id) : null,
        spendMinor: microsToMinor(m.costMicros ?? 0, digits),
        impressions: Number(m.impressions ?? 0),
        clicks: Number(m.clicks ?? 0),
        conversions: m.conversions ?? 0,
        conversionValueMinor: parseDecimalToMinor(m.conversionsValue ?? 0, digits),
        videoViews: Number(m.videoTrueviewViews ?? 0),
        reach: null,
      },
    ];
  });
}
