/**
 * What a tracked URL may keep (issue 16): the query parameters that say where a visit came from —
 * UTM parameters and the ad networks' click ids — and nothing else. Everything else in a query
 * string (e-mails, reset tokens, search terms) and the fragment are dropped before an event is
 * stored, and the session's campaign fields are read from what is left.
 */

/** Click ids of Meta, Google, TikTok and Microsoft ads, as they appear in landing URLs. */
export const CLICK_ID_PARAMS = ['fbclid', 'gclid', 'ttclid', 'msclkid'] as const;
export const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;
const KEPT = new Set<string>([...UTM_PARAMS, ...CLICK_ID_PARAMS]);

/**
 * The A/B variants a visit was shown (decision 064): `upside_exp=<experiment>:<variant>`, several
 * joined by commas, e.g. `?upside_exp=hero:b,price:a`. Experiment keys and variant names are
 * 1–40 letters, digits, `_` or `-`; any other value is dropped like any other query parameter.
 */
export const EXPERIMENT_PARAM = 'upside_exp';
export const EXPERIMENT_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;
const EXPERIMENT_VALUE =
  /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}:[A-Za-z0-9][A-Za-z0-9_-]{0,39}(,[A-Za-z0-9][A-Za-z0-9_-]{0,39}:[A-Za-z0-9][A-Za-z0-9_-]{0,39}){0,9}$/;

export type CampaignParam = (typeof UTM_PARAMS)[number] | (typeof CLICK_ID_PARAMS)[number];
export type Campaign = Partial<Record<CampaignParam, string>>;

/**
 * The URL without fragment, its query cut to UTM parameters, click ids and a well-formed
 * EXPERIMENT_PARAM (unparsable: as is).
 */
export function keepCampaignParams(url: string): string {
  if (!url.includes('?') && !url.includes('#')) return url;
  const parsed = URL.parse(url);
  if (!parsed) return url;
  const kept = new URLSearchParams();
  for (const [key, value] of parsed.searchParams)
    if (KEPT.has(key) || (key === EXPERIMENT_PARAM && EXPERIMENT_VALUE.test(value))) kept.append(key, value);
  const query = kept.toString();
  return `${parsed.origin}${parsed.pathname}${query ? `?${query}` : ''}`;
}

/** A referrer as stored: origin and path only (no query, no fragment); '' for none. */
export function referrerOf(referrer: string): string {
  return referrer.split(/[?#]/)[0] ?? '';
}

/** The UTM parameters and click ids of a URL (the first value of each, at most 256 characters). */
export function campaignOf(url: string): Campaign {
  const campaign: Campaign = {};
  if (!url.includes('?')) return campaign;
  const parsed = URL.parse(url);
  if (!parsed) return campaign;
  for (const [key, value] of parsed.searchParams) {
    if (KEPT.has(key) && value && campaign[key as CampaignParam] === undefined)
      campaign[key as CampaignParam] = value.slice(0, 256);
  }
  return campaign;
}
