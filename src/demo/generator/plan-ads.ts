import type { CreativeTruth, MetaAd, MetaCampaign, MetaCreative } from '../meta-model.ts';
import { hashString, mixSeeds } from '../prng.ts';
import { CAMPAIGN_PLANS } from './context.ts';

/**
 * The ads of the demo's Meta campaigns (issue #44, decision 121): one ad set per campaign, two or
 * three ads each with a fixed planned share of the campaign's spend. Pure functions of the
 * campaigns, so the order generator (which names the ad in utm_content) and the Meta build agree
 * without a shared PRNG stream. Planted: one fatiguing ad (FATIGUING), one ad whose creative was
 * deleted upstream and one creative without a thumbnail.
 */

const SHARES: Record<number, readonly number[]> = { 2: [0.6, 0.4], 3: [0.45, 0.35, 0.2] };
const ANGLES = ['Lifestyle', 'Product close-up', 'Customer review'] as const;
const CALLS_TO_ACTION = ['SHOP_NOW', 'LEARN_MORE', 'SHOP_NOW'] as const;
const COLOURS = ['#2f6f5e', '#b5562b', '#3d5a99'] as const;

/** The planted fatiguing ad: campaign 0's second ad, from 12 days before the store's last day. */
export const FATIGUING = { campaignIndex: 0, adOrdinal: 1, daysBeforeEnd: 12 } as const;
/** The paused campaign's last ad lost its creative upstream; the retargeting campaign's last has no thumbnail. */
const DELETED_CREATIVE = { role: 'regular', status: 'PAUSED', adOrdinal: 1 } as const;
const NO_THUMBNAIL = { role: 'high_roas', adOrdinal: 2 } as const;

function thumbnail(label: string, colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160"><rect width="160" height="160" fill="${colour}"/><text x="80" y="86" font-family="sans-serif" font-size="14" fill="#fff" text-anchor="middle">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The ads of one campaign, in a fixed order. */
export function adsOfCampaign(campaign: MetaCampaign, firstIndex = 0): MetaAd[] {
  const plan = CAMPAIGN_PLANS[campaign.index]!;
  const count = plan.role === 'regular' || plan.role === 'high_roas' ? 3 : 2;
  const shares = SHARES[count]!;
  const deletedAt =
    plan.role === DELETED_CREATIVE.role && campaign.status === DELETED_CREATIVE.status
      ? DELETED_CREATIVE.adOrdinal
      : -1;
  const noThumbnailAt = plan.role === NO_THUMBNAIL.role ? NO_THUMBNAIL.adOrdinal : -1;
  return shares.map((share, j) => {
    const id = `1204${campaign.id.slice(4)}${j + 1}`;
    const format = plan.role === 'wasteful' || j === 0 ? 'video' : 'image';
    const angle = ANGLES[j]!;
    const creativeId = `1205${campaign.id.slice(4)}${j + 1}`;
    const picture = thumbnail(angle, COLOURS[j]!);
    const creative: MetaCreative | null =
      j === deletedAt
        ? null
        : {
            id: creativeId,
            name: `${campaign.name} – ${angle} creative`,
            title: `${angle}: made to last`,
            body: `${campaign.name.split(' – ')[1] ?? campaign.name}, shipped free over $75.`,
            callToActionType: CALLS_TO_ACTION[j]!,
            thumbnailUrl: j === noThumbnailAt ? null : picture,
            imageUrl: format === 'image' && j !== noThumbnailAt ? picture : null,
            videoId: format === 'video' ? `1206${campaign.id.slice(4)}${j + 1}` : null,
          };
    return {
      index: firstIndex + j,
      id,
      campaignIndex: campaign.index,
      adsetId: `1203${campaign.id.slice(4)}`,
      name: `${campaign.name} – ${angle}`,
      format,
      share,
      createdAtMs: campaign.createdAtMs,
      creative,
    };
  });
}

/** Every campaign's ads, indexed in campaign order. */
export function planAds(campaigns: readonly MetaCampaign[]): MetaAd[] {
  const ads: MetaAd[] = [];
  for (const campaign of campaigns) ads.push(...adsOfCampaign(campaign, ads.length));
  return ads;
}

/** The planted fatiguing ad among every campaign's ads. */
export function fatiguingAdOf(ads: readonly MetaAd[]): MetaAd {
  return ads.filter((ad) => ad.campaignIndex === FATIGUING.campaignIndex)[FATIGUING.adOrdinal]!;
}

/** The ground truth's `creatives` section: the fatiguing ad and its onset, the planted odd creatives. */
export function creativeTruth(
  ads: readonly MetaAd[],
  campaigns: readonly MetaCampaign[],
  endDate: string,
): CreativeTruth {
  const ad = fatiguingAdOf(ads);
  const onset = new Date(Date.parse(`${endDate}T00:00:00Z`) - FATIGUING.daysBeforeEnd * 86_400_000);
  return {
    ads: ads.length,
    fatiguing: {
      adId: ad.id,
      name: ad.name,
      campaignId: campaigns[ad.campaignIndex]!.id,
      onsetDate: onset.toISOString().slice(0, 10),
    },
    deletedCreativeAdIds: ads.filter((a) => a.creative === null).map((a) => a.id),
    noThumbnailAdIds: ads
      .filter((a) => a.creative !== null && a.creative.thumbnailUrl === null)
      .map((a) => a.id),
    note: "Meta ads (one ad set per campaign); each campaign day is split among its ads to the cent. From onsetDate the fatiguing ad shows frequency × 1.6, CTR × 0.45 and purchases per click × 0.5 (Meta-reported); store orders name their ad in utm_content by the ads' planned shares.",
  };
}

const adsByCampaign = new Map<string, MetaAd[]>();

/**
 * The ad an order's visit came through (its utm_content, Meta's `{{ad.id}}` URL parameter): drawn
 * by the ads' planned shares from a hash of the visit's instant, so no PRNG stream moves. From the
 * fatigue onset (`fatigueFromMs`) the fatiguing ad's share of orders falls as its clicks and
 * conversion do (× 0.45 × 0.5).
 */
export function adOfVisit(campaign: MetaCampaign, atMs: number, fatigueFromMs: number): MetaAd {
  let ads = adsByCampaign.get(campaign.id);
  if (!ads) {
    ads = adsOfCampaign(campaign);
    adsByCampaign.set(campaign.id, ads);
  }
  const tired = campaign.index === FATIGUING.campaignIndex && atMs >= fatigueFromMs;
  const weights = ads.map((ad, j) => (tired && j === FATIGUING.adOrdinal ? ad.share * 0.225 : ad.share));
  let target =
    (mixSeeds(hashString(`${campaign.id}:${atMs}`)) / 4294967296) * weights.reduce((s, w) => s + w, 0);
  for (const [j, ad] of ads.entries()) {
    target -= weights[j]!;
    if (target < 0) return ad;
  }
  return ads[ads.length - 1]!;
}
