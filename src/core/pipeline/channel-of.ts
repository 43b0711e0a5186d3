/**
 * Channel of a visit from its UTM tags and Shopify source type, in the names the attribution
 * table shows. Why one function: Shopify journeys, GA4 source/medium and every ad platform have to
 * meet on one name.
 *
 * The source names the network before the medium does: utm_source=tiktok is TikTok ads
 * (`tiktok_ads`, paid social; an organic/social/referral medium keeps it unpaid) and google/youtube with a paid medium is Google Ads (a YouTube video
 * campaign tagged paid_social included), so only the remaining paid_social traffic is Meta's.
 */
export function channelOf(
  utmSource: string | null,
  utmMedium: string | null,
  sourceType: string | null,
): string {
  const source = (utmSource ?? '').toLowerCase();
  const medium = (utmMedium ?? '').toLowerCase();
  const type = (sourceType ?? '').toUpperCase();
  const paid = ['cpc', 'ppc', 'paid_search', 'paid_social', 'paid', 'paidsocial'].includes(medium);
  const unpaid = ['organic', 'social', 'referral', 'email'].includes(medium);
  if (['tiktok', 'tiktok_ads', 'tiktokads'].includes(source) && !unpaid) return 'tiktok_ads';
  if (['facebook', 'instagram', 'fb', 'ig', 'meta'].includes(source)) return 'meta_ads';
  if (['google', 'youtube', 'adwords', 'google_ads'].includes(source) && paid) return 'google_ads';
  if (medium === 'paid_social') return 'meta_ads';
  if (medium === 'cpc' || medium === 'ppc' || medium === 'paid_search') return 'google_ads';
  if (medium === 'email' || type === 'EMAIL') return 'email';
  if (medium === 'organic' || type === 'SEARCH') return 'google_organic';
  if (medium === 'referral' || type === 'REFERRAL' || type === 'SOCIAL') return 'referral';
  if (source === '(direct)' || type === 'DIRECT' || (!source && !medium)) return 'direct';
  return 'referral';
}
