import { channelOf } from '../pipeline/channel-of.ts';

/**
 * Channel of a first-party session from what the tracker saw at its start: an ad click id names
 * the network outright (fbclid → Meta, ttclid → TikTok, gclid/msclkid → paid search); otherwise UTM tags, then the
 * referrer's kind (search engine, social network, another site, none), through the same
 * `channelOf` as Shopify's journeys so both meet on one name.
 */
export function sessionChannelOf(session: {
  utmSource: string | null;
  utmMedium: string | null;
  referrer: string | null;
  fbclid: string | null;
  gclid: string | null;
  ttclid: string | null;
  msclkid: string | null;
}): string {
  if (session.fbclid) return 'meta_ads';
  if (session.gclid || session.msclkid) return 'google_ads';
  if (session.ttclid) return 'tiktok_ads';
  const host = /^https?:\/\/([^/?#]+)/.exec(session.referrer ?? '')?.[1]?.toLowerCase() ?? '';
  let type = 'DIRECT';
  if (/(^|\.)(google|bing|duckduckgo|yahoo|ecosia)\./.test(host)) type = 'SEARCH';
  else if (/(^|\.)(facebook|instagram|tiktok|pinterest|t|x|twitter|linkedin)\.(com|co)$/.test(host))
    type = 'SOCIAL';
  else if (host) type = 'REFERRAL';
  return channelOf(session.utmSource, session.utmMedium, type);
}
