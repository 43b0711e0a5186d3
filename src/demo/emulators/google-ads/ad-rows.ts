/**
 * The Google Ads emulator's ad-level rows (decision 130): `ad_group_ad` with its ad as Google nests
 * it (a responsive search ad's headlines and descriptions as `AdTextAsset`s, a video responsive
 * ad's YouTube video as an asset resource name), per day with its metrics
 * (`metrics.video_trueview_views`, the name since v22), and the account's YouTube video `asset`s.
 */
import type { PlannedAd, PlannedAds } from '../../ad-platforms/plan-ad-platform-ads.ts';

type FullRow = Record<string, Record<string, unknown>>;

function adOf(accountId: string, ad: PlannedAd) {
  const texts = (text: string | null) => (text === null ? [] : [{ text }]);
  const creative =
    ad.type === 'RESPONSIVE_SEARCH_AD'
      ? { responsiveSearchAd: { headlines: texts(ad.headline), descriptions: texts(ad.description) } }
      : ad.type === 'VIDEO_RESPONSIVE_AD'
        ? {
            videoResponsiveAd: {
              headlines: texts(ad.headline),
              descriptions: texts(ad.description),
              videos: [{ asset: `customers/${accountId}/assets/${ad.id}` }],
            },
          }
        : { shoppingProductAd: {} };
  return {
    resourceName: `customers/${accountId}/adGroupAds/${ad.adGroupId}~${ad.id}`,
    status: 'ENABLED',
    ad: {
      resourceName: `customers/${accountId}/ads/${ad.id}`,
      id: ad.id,
      name: ad.name,
      type: ad.type,
      finalUrls: [ad.finalUrl],
      ...creative,
    },
  };
}

export function indexAdRows(accountId: string, planned: PlannedAds | undefined) {
  const byDate = new Map<string, FullRow[]>();
  const attributes: FullRow[] = [];
  const assets: FullRow[] = [];
  const ads = new Map<string, ReturnType<typeof adOf>>();
  for (const ad of planned?.ads ?? []) {
    const adGroupAd = adOf(accountId, ad);
    ads.set(ad.id, adGroupAd);
    attributes.push({ campaign: { id: ad.campaignId }, adGroup: { id: ad.adGroupId }, adGroupAd });
    if (ad.type === 'VIDEO_RESPONSIVE_AD' && ad.videoId)
      assets.push({
        asset: {
          resourceName: `customers/${accountId}/assets/${ad.id}`,
          id: ad.id,
          type: 'YOUTUBE_VIDEO',
          youtubeVideoAsset: { youtubeVideoId: ad.videoId },
        },
      });
  }
  for (const day of planned?.adDays ?? []) {
    const list = byDate.get(day.date) ?? [];
    list.push({
      segments: { date: day.date },
      campaign: { id: day.campaignId },
      adGroup: { id: day.adGroupId },
      adGroupAd: ads.get(day.adId) ?? {},
      metrics: {
        costMicros: String(day.spendMinor * 10_000),
        impressions: String(day.impressions),
        clicks: String(day.clicks),
        conversions: day.conversions,
        conversionsValue: day.conversionValueMinor / 100,
        videoTrueviewViews: String(day.videoViews),
      },
    });
    byDate.set(day.date, list);
  }
  return { byDate, attributes, assets };
}
