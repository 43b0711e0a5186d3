import type { TikTokAd } from '../../../connectors/tiktok-ads/payload.schema.ts';
import { type AdPlatformDayRow, utmsOf } from '../ad-platforms/ad-platform-row.ts';

/**
 * The UTMs a TikTok campaign's clicks land with (pure; issue #39, decision 143). TikTok's report
 * names no UTM: an advertiser sets them per ad, as the ad's URL parameters (`ad/get/`
 * `utm_params`, `[{ key, value }]`) or in its landing page URL (contracts/external-apis-2.md §2.5).
 * A campaign takes the template most of its ads carry (ties: the lowest ad id's), as Google's
 * final-URL suffix gives a Google campaign its key. TikTok's URL-parameter macros are filled per
 * campaign: `__CAMPAIGN_NAME__` and `__CAMPAIGN_ID__` with the campaign's own; a value still holding
 * another macro (an ad group's or ad's, which differ within the campaign) names no campaign and
 * stays empty, so the campaign is keyed by its name as before.
 */
export type CampaignUtms = Pick<AdPlatformDayRow, 'utmSource' | 'utmMedium' | 'utmCampaign'>;

const NONE: CampaignUtms = { utmSource: null, utmMedium: null, utmCampaign: null };

/** Each campaign's UTM template (macros unfilled), by campaign id. */
export function tiktokCampaignUtms(ads: readonly TikTokAd[]): Map<string, CampaignUtms> {
  const votes = new Map<string, Map<string, { utms: CampaignUtms; count: number; firstAd: bigint }>>();
  for (const ad of ads) {
    const params = new URLSearchParams(
      (ad.utm_params ?? []).flatMap(
        (p): Array<[string, string]> => (p.key && p.value ? [[p.key, p.value]] : []),
      ),
    ).toString();
    const utms = utmsOf(params, ad.landing_page_url);
    if (!utms.utmSource && !utms.utmMedium && !utms.utmCampaign) continue;
    const campaignId = String(ad.campaign_id);
    const key = JSON.stringify(utms);
    const byTemplate = votes.get(campaignId) ?? new Map();
    votes.set(campaignId, byTemplate);
    const adId = BigInt(String(ad.ad_id).replace(/\D/g, '') || '0');
    const vote = byTemplate.get(key) ?? { utms, count: 0, firstAd: adId };
    vote.count += 1;
    if (adId < vote.firstAd) vote.firstAd = adId;
    byTemplate.set(key, vote);
  }
  const out = new Map<string, CampaignUtms>();
  for (const [campaignId, byTemplate] of votes) {
    const best = [...byTemplate.values()].sort(
      (a, b) => b.count - a.count || (a.firstAd < b.firstAd ? -1 : a.firstAd > b.firstAd ? 1 : 0),
    )[0]!;
    out.set(campaignId, best.utms);
  }
  return out;
}

/** A campaign's UTMs with its own macros filled; a value left with another macro → null. */
export function fillTikTokMacros(
  utms: CampaignUtms | undefined,
  campaign: { id: string; name: string },
): CampaignUtms {
  if (!utms) return NONE;
  const fill = (value: string | null) => {
    if (value === null) return null;
    const filled = value
      .replaceAll('__CAMPAIGN_NAME__', campaign.name)
      .replaceAll('__CAMPAIGN_ID__', campaign.id);
    return /__[A-Z_]+__/.test(filled) ? null : filled;
  };
  return {
    utmSource: fill(utms.utmSource),
    utmMedium: fill(utms.utmMedium),
    utmCampaign: fill(utms.utmCampaign),
  };
}
