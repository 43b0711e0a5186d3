/**
 * The channel of a GA4 session source/medium, in the names the attribution rows use (GA4 names
 * its sources its own way: '(direct)', 'facebook' / 'paid_social', 'google' / 'cpc' …).
 *
 * Definition: Meta sources or paid_social → meta_ads; cpc/ppc → google_ads; email → email;
 * organic → google_organic; referral → referral; '(direct)' → direct; anything else → referral.
 */
export function channelOfGa4(source: string, medium: string): string {
  const s = source.toLowerCase();
  const m = medium.toLowerCase();
  if (['facebook', 'instagram', 'fb', 'ig', 'meta'].includes(s) || m === 'paid_social') return 'meta_ads';
  if (m === 'cpc' || m === 'ppc') return 'google_ads';
  if (m === 'email') return 'email';
  if (m === 'organic') return 'google_organic';
  if (m === 'referral') return 'referral';
  if (s === '(direct)') return 'direct';
  return 'referral';
}
