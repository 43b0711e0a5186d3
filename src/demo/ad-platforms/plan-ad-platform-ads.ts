/**
 * The demo Google Ads and TikTok accounts' ads (issue #44, decision 130): two ads per ad group with
 * their creative, and each ad-group day split among its ads by the largest remainder (spend,
 * impressions, clicks, conversions and their value), so an ad group's ads sum to its day to the
 * cent. Its own PRNG stream per platform: the accounts' campaign days and every other planted
 * figure stay as they were. Performance Max campaigns have no ads (Google serves their assets in
 * asset groups), so their spend is in no ad row. Google reports no reach per ad; TikTok does.
 * One TikTok ad's video was deleted from the library (its creative is gone upstream), and Search and
 * Shopping ads have no picture of their own.
 */
import { splitByLargestRemainder } from '../../core/profit/split-by-largest-remainder.ts';
import { hashString, mixSeeds, Rng } from '../prng.ts';
import { demoAdPlatformPlan, type PlannedAdAccount, type PlannedDay } from './plan-ad-platforms.ts';

export type PlannedAdFormat = 'text' | 'image' | 'video';

export interface PlannedAd {
  id: string;
  campaignId: string;
  adGroupId: string;
  name: string;
  /** Google `ad.type` (RESPONSIVE_SEARCH_AD, SHOPPING_PRODUCT_AD, VIDEO_RESPONSIVE_AD); TikTok 'VIDEO' */
  type: string;
  format: PlannedAdFormat;
  headline: string | null;
  description: string | null;
  callToAction: string | null;
  finalUrl: string;
  /** Google: the YouTube video id; TikTok: the library's video id */
  videoId: string | null;
  /** TikTok: the video's cover (an inline SVG); null without a video or when it was deleted */
  coverUrl: string | null;
  /** the creative is gone upstream (TikTok: the video was deleted from the library) */
  creativeDeleted: boolean;
}

/** One ad's day: money in minor units of the account currency. */
export interface PlannedAdDay {
  date: string;
  adId: string;
  campaignId: string;
  adGroupId: string;
  spendMinor: number;
  impressions: number;
  clicks: number;
  conversions: number;
  conversionValueMinor: number;
  /** Google: TrueView views; TikTok: 2-second plays; 0 for ads without video */
  videoViews: number;
  /** TikTok's reach of the ad that day; null on Google (no reach per ad) */
  reach: number | null;
}

export interface PlannedAds {
  ads: PlannedAd[];
  /** sorted by date, then ad id; days without delivery have no row */
  adDays: PlannedAdDay[];
}

const COLOURS = ['#0f766e', '#7c3aed', '#b45309', '#be123c', '#1d4ed8', '#4d7c0f'];

function cover(label: string, colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="90" height="160"><rect width="90" height="160" fill="${colour}"/><text x="45" y="84" font-family="sans-serif" font-size="11" fill="#fff" text-anchor="middle">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const GOOGLE_AD: Record<string, { type: string; format: PlannedAdFormat }> = {
  SEARCH: { type: 'RESPONSIVE_SEARCH_AD', format: 'text' },
  SHOPPING: { type: 'SHOPPING_PRODUCT_AD', format: 'image' },
  VIDEO: { type: 'VIDEO_RESPONSIVE_AD', format: 'video' },
};
const ANGLES = ['Free shipping', 'Best seller', 'New season', 'Bundle & save'];

/** Google's kind of ad for a campaign type; TikTok's ads are videos; null: Performance Max, no ads of its own. */
const adKindOf = (platform: string, campaignType: string) =>
  platform === 'google_ads' ? (GOOGLE_AD[campaignType] ?? null) : { type: 'VIDEO', format: 'video' as const };

/** The ids of an ad group's two ads; none when its campaign has no ads (Performance Max). */
export function adIdsOfGroup(platform: string, campaignType: string, adGroupId: string): string[] {
  return adKindOf(platform, campaignType) ? [`${adGroupId}1`, `${adGroupId}2`] : [];
}

/**
 * The ad a click landed through, as the platform's URL template writes it into utm_content
 * (Google's `{creative}`, TikTok's `__CID__`): one of `adIds`, chosen by a hash of `key` (the
 * click's id), so no random stream is drawn. Null when there is none (Performance Max).
 */
export function adOfClick(adIds: readonly string[], key: string): string | null {
  return adIds.length === 0 ? null : adIds[mixSeeds(hashString(key)) % adIds.length]!;
}

function planAds(account: PlannedAdAccount, rng: Rng): PlannedAd[] {
  const google = account.platform === 'google_ads';
  const ads: PlannedAd[] = [];
  const lastCampaign = account.campaigns[account.campaigns.length - 1];
  for (const campaign of account.campaigns) {
    const kind = adKindOf(account.platform, campaign.type);
    if (!kind) continue; // Performance Max: no ads of its own
    for (const group of campaign.adGroups) {
      const ids = adIdsOfGroup(account.platform, campaign.type, group.id);
      for (let k = 0; k < 2; k += 1) {
        const angle = ANGLES[(ads.length + k) % ANGLES.length]!;
        const id = ids[k]!;
        const video = kind.format === 'video';
        const deleted = !google && campaign === lastCampaign && group === campaign.adGroups.at(-1) && k === 1;
        const videoId = !video
          ? null
          : google
            ? `yt${hashString(id).toString(36).padStart(9, '0').slice(0, 9)}`
            : `v10033g50000${id.slice(-8)}`;
        ads.push({
          id,
          campaignId: campaign.id,
          adGroupId: group.id,
          name: `${group.name} – ${angle}`,
          type: kind.type,
          format: kind.format,
          headline: kind.type === 'SHOPPING_PRODUCT_AD' ? null : `${angle} at Demo Store`,
          description:
            kind.type === 'SHOPPING_PRODUCT_AD' ? null : `${angle}: order today, delivered in 3 days.`,
          callToAction: google ? null : 'SHOP_NOW',
          finalUrl: 'https://demo-store.myshopify.com/',
          videoId,
          coverUrl:
            video && !google && !deleted ? cover(angle, COLOURS[rng.int(0, COLOURS.length - 1)]!) : null,
          creativeDeleted: deleted,
        });
      }
    }
  }
  return ads;
}

function splitDay(
  day: PlannedDay,
  ads: readonly PlannedAd[],
  shares: Map<string, number>,
  rng: Rng,
  google: boolean,
) {
  const weights = ads.map((ad) => (shares.get(ad.id) ?? 1) * rng.uniform(0.85, 1.15));
  const split = (total: number) => splitByLargestRemainder(total, weights);
  const spend = split(day.spendMinor);
  const impressions = split(day.impressions);
  const clicks = split(day.clicks);
  const conversions = split(day.conversions);
  const value = split(day.conversionValueMinor);
  return ads.map(
    (ad, i): PlannedAdDay => ({
      date: day.date,
      adId: ad.id,
      campaignId: day.campaignId,
      adGroupId: day.adGroupId,
      spendMinor: spend[i]!,
      impressions: impressions[i]!,
      clicks: clicks[i]!,
      conversions: conversions[i]!,
      conversionValueMinor: value[i]!,
      videoViews: ad.format === 'video' ? Math.round(impressions[i]! * rng.uniform(0.15, 0.35)) : 0,
      reach: google
        ? null
        : Math.max(impressions[i]! > 0 ? 1 : 0, Math.round(impressions[i]! / rng.uniform(1.1, 1.3))),
    }),
  );
}

/** The account's ads and their days; the same seed gives the same ads on every machine. */
export function planAdPlatformAds(account: PlannedAdAccount, seed: number): PlannedAds {
  const rng = new Rng(mixSeeds(seed, hashString(`${account.platform}:ads`)));
  const ads = planAds(account, rng);
  const shares = new Map(ads.map((ad) => [ad.id, rng.uniform(0.3, 1)]));
  const byGroup = new Map<string, PlannedAd[]>();
  for (const ad of ads) byGroup.set(ad.adGroupId, [...(byGroup.get(ad.adGroupId) ?? []), ad]);
  const google = account.platform === 'google_ads';
  const adDays: PlannedAdDay[] = [];
  for (const day of account.days) {
    const groupAds = byGroup.get(day.adGroupId);
    // an ad with nothing that day has no row, as the APIs return none
    const delivered = (d: PlannedAdDay) =>
      d.spendMinor + d.impressions + d.clicks + d.conversionValueMinor > 0;
    if (groupAds) adDays.push(...splitDay(day, groupAds, shares, rng, google).filter(delivered));
  }
  adDays.sort((a, b) => (a.date !== b.date ? a.date.localeCompare(b.date) : a.adId.localeCompare(b.adId)));
  return { ads, adDays };
}

/** The demo store's ad accounts' ads (the store's seed, last day and length). */
export function demoAdPlatformAds(config: { seed: number; endDate: string; days: number }) {
  const plan = demoAdPlatformPlan(config);
  return {
    google: planAdPlatformAds(plan.google, config.seed),
    tiktok: planAdPlatformAds(plan.tiktok, config.seed),
  };
}
