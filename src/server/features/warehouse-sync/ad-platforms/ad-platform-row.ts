/**
 * One ad platform's day for one campaign (or ad group), as every ad-spend connector (Google Ads,
 * TikTok) maps it: money in exact minor units of the ad account's currency, the campaign's
 * normalised type and the UTMs its landing URLs carry.
 */
export interface AdPlatformDayRow {
  platform: 'google_ads' | 'tiktok_ads';
  accountId: string;
  date: string;
  campaignId: string;
  campaignName: string;
  campaignType: string | null;
  campaignStatus: string | null;
  adGroupId: string | null;
  adGroupName: string | null;
  spendMinor: number;
  impressions: number;
  clicks: number;
  conversions: number;
  conversionValueMinor: number;
  currency: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

/** UTMs of a final-URL suffix or tracking template ("utm_source=google&utm_medium=cpc…", "{lpurl}?utm_…"). */
export function utmsOf(
  ...templates: (string | null | undefined)[]
): Pick<AdPlatformDayRow, 'utmSource' | 'utmMedium' | 'utmCampaign'> {
  const found = { utmSource: null, utmMedium: null, utmCampaign: null } as {
    utmSource: string | null;
    utmMedium: string | null;
    utmCampaign: string | null;
  };
  for (const template of templates) {
    if (!template) continue;
    const query = template.includes('?') ? template.slice(template.indexOf('?') + 1) : template;
    const params = new URLSearchParams(query);
    found.utmSource ??= params.get('utm_source');
    found.utmMedium ??= params.get('utm_medium');
    found.utmCampaign ??= params.get('utm_campaign');
  }
  return found;
}
