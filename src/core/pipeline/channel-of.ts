/**
 * Channel of a visit from its UTM tags and Shopify source type, in the names the attribution
 * table shows. Why one function: Shopify journeys, GA4 source/medium and Meta all have to meet on
 * one name.
 */
export function channelOf(
  utmSource: string | null,
  utmMedium: string | null,
  sourceType: string | null,
): string {
  const source = (utmSource ?? '').toLowerCase();
  const medium = (utmMedium ?? '').toLowerCase();
  const type = (sourceType ?? '').toUpperCase();
  if (['facebook', 'instagram', 'fb', 'ig', 'meta'].includes(source) || medium === 'paid_social')
    return 'meta_ads';
  if (medium === 'cpc' || medium === 'ppc' || medium === 'paid_search') return 'google_ads';
  if (medium === 'email' || type === 'EMAIL') return 'email';
  if (medium === 'organic' || type === 'SEARCH') return 'google_organic';
  if (medium === 'referral' || type === 'REFERRAL' || type === 'SOCIAL') return 'referral';
  if (source === '(direct)' || type === 'DIRECT' || (!source && !medium)) return 'direct';
  return 'referral';
}
