/**
 * The TikTok emulator's ad level (decision 130): `ad/get/` (paged ads with their creative fields),
 * `file/video/ad/info/` (a library video's cover; a deleted video is not listed), and the
 * AUCTION_AD rows of `report/integrated/get/` with 2-second plays, reach and frequency. Field
 * names follow contracts/external-apis-2.md §2.5; the read shape of `ad/get` and the video info
 * are unconfirmed against a live account.
 */
import type { PlannedAds } from '../../ad-platforms/plan-ad-platform-ads.ts';
import type { PlannedCampaign } from '../../ad-platforms/plan-ad-platforms.ts';

const money = (minor: number) => (minor / 100).toFixed(2);

/**
 * Every ad as `ad/get/` lists it (all fields; the handler keeps the requested ones). Its URL
 * parameters (`utm_params`, `[{ key, value }]`) are its campaign's UTM suffix, macros and all, as
 * an advertiser sets them (decision 143).
 */
export function tikTokAdRecords(
  planned: PlannedAds | undefined,
  campaigns: readonly PlannedCampaign[],
): Record<string, unknown>[] {
  const suffixes = new Map(campaigns.map((c) => [c.id, c.finalUrlSuffix]));
  return (planned?.ads ?? []).map((ad) => ({
    ad_id: ad.id,
    ad_name: ad.name,
    campaign_id: ad.campaignId,
    adgroup_id: ad.adGroupId,
    ad_format: 'SINGLE_VIDEO',
    ad_text: ad.description ?? '',
    call_to_action: ad.callToAction ?? '',
    video_id: ad.videoId,
    image_ids: [],
    landing_page_url: ad.finalUrl,
    utm_params: [...new URLSearchParams(suffixes.get(ad.campaignId) ?? '')].map(([key, value]) => ({
      key,
      value,
    })),
    operation_status: 'ENABLE',
  }));
}

/** The library's videos by id (deleted ones left out), as `file/video/ad/info/` answers them. */
export function tikTokVideoInfos(planned: PlannedAds | undefined): Map<string, Record<string, unknown>> {
  const videos = new Map<string, Record<string, unknown>>();
  for (const ad of planned?.ads ?? []) {
    if (!ad.videoId || ad.creativeDeleted) continue;
    videos.set(ad.videoId, {
      video_id: ad.videoId,
      video_cover_url: ad.coverUrl,
      preview_url: null,
      width: 720,
      height: 1280,
      duration: 15.2,
      file_name: `${ad.name}.mp4`,
    });
  }
  return videos;
}

/** AUCTION_AD report rows of [since, until]: metric values as TikTok sends them (strings). */
export function tikTokAdReportRows(planned: PlannedAds | undefined, since: string, until: string) {
  const names = new Map((planned?.ads ?? []).map((ad) => [ad.id, ad.name]));
  return (planned?.adDays ?? [])
    .filter((d) => d.date >= since && d.date <= until)
    .map((d) => ({
      date: d.date,
      id: d.adId,
      values: {
        spend: money(d.spendMinor),
        impressions: String(d.impressions),
        clicks: String(d.clicks),
        conversion: String(d.conversions),
        complete_payment: String(d.conversions),
        total_complete_payment_rate: money(d.conversionValueMinor),
        video_watched_2s: String(d.videoViews),
        reach: d.reach === null ? '-' : String(d.reach),
        frequency: d.reach ? (d.impressions / d.reach).toFixed(2) : '-',
        campaign_id: d.campaignId,
        adgroup_id: d.adGroupId,
        ad_name: names.get(d.adId) ?? '-',
      } as Record<string, string>,
    }));
}
