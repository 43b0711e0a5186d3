/**
 * One ad of Google Ads or TikTok with its creative, and one ad's day, as both connectors map them
 * (decision 130): money in exact minor units of the ad account's currency.
 */
export type AdPlatformAdFormat = 'text' | 'image' | 'video';

export interface AdPlatformAd {
  adId: string;
  campaignId: string;
  adGroupId: string | null;
  name: string;
  status: string | null;
  /** null when the creative is gone upstream and nothing says what it was */
  format: AdPlatformAdFormat | null;
  /** headline (Google's first headline; TikTok has none beyond the ad text) */
  title: string | null;
  /** description (Google) or ad text (TikTok) */
  body: string | null;
  callToAction: string | null;
  finalUrl: string | null;
  /** https: or data:image/ only */
  thumbnailUrl: string | null;
  videoId: string | null;
  /** the ad names a video or image the platform no longer has */
  creativeDeleted: boolean;
}

export interface AdPlatformAdDay {
  date: string;
  adId: string;
  campaignId: string;
  adGroupId: string | null;
  spendMinor: number;
  impressions: number;
  clicks: number;
  conversions: number;
  conversionValueMinor: number;
  /** Google: TrueView views; TikTok: 2-second plays */
  videoViews: number;
  /** null where the platform reports no reach per ad (Google) */
  reach: number | null;
}
