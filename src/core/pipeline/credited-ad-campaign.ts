import type { OrderCredit } from '../metrics/credit-order.ts';
import { adCampaignKey } from './ad-campaign-key.ts';
import { channelOfPlatform } from './channel-of-platform.ts';
import type { AnalysisFacts } from './types.ts';

/**
 * The ad campaign (its adCampaignKey) that a credit under the one attribution rule (core
 * creditOrder, decision 011) names: a campaign of the platform whose channel got the credit, named
 * by the credited visit's utm_campaign as the campaign's name, its id or — Google Ads, TikTok —
 * the utm_campaign of its final URL. Undefined when the credit names no known campaign.
 * A Meta campaign is found as before (name or id; Meta's rows carry no utm_campaign).
 * @example creditedAdCampaign([{ platform: 'meta', campaignId: '42', name: 'Spring', status: null, utmCampaign: null }])({ channel: 'meta_ads', campaign: 'Spring' }) // '42'
 */
export function creditedAdCampaign(
  campaigns: AnalysisFacts['adCampaigns'],
): (credit: OrderCredit) => string | undefined {
  const keyOf = new Map<string, string>();
  const at = (channel: string, spelling: string) => `${channel}\u0000${spelling}`;
  // By name or id, a later campaign taking a spelling an earlier one held (Meta's rule as it was)…
  for (const c of campaigns) {
    const channel = channelOfPlatform(c.platform);
    if (channel === null) continue;
    keyOf.set(at(channel, c.name), adCampaignKey(c.platform, c.campaignId));
    keyOf.set(at(channel, c.campaignId), adCampaignKey(c.platform, c.campaignId));
  }
  // …then by final-URL utm_campaign, only where no name or id already names a campaign.
  for (const c of campaigns) {
    const channel = channelOfPlatform(c.platform);
    if (channel === null || !c.utmCampaign || keyOf.has(at(channel, c.utmCampaign))) continue;
    keyOf.set(at(channel, c.utmCampaign), adCampaignKey(c.platform, c.campaignId));
  }
  return (credit) => (credit.campaign ? keyOf.get(at(credit.channel, credit.campaign)) : undefined);
}
