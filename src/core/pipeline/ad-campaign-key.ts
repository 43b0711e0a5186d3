/**
 * The key an ad campaign is known by across the analysis (its opportunities' subject, its alert's
 * subject, the advertised-product map): a Meta campaign by its own id, as it always was, and a
 * campaign of another platform by `platform:id`, since two platforms' ids may be the same digits.
 * @example adCampaignKey('meta', '42') // '42'
 * @example adCampaignKey('google_ads', '42') // 'google_ads:42'
 */
export function adCampaignKey(platform: string, campaignId: string): string {
  return platform === 'meta' ? campaignId : `${platform}:${campaignId}`;
}
