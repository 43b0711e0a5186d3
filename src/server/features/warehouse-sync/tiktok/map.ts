import { currencyDigitsOf, parseDecimalToMinor } from '../../../../shared/money.ts';
import type { TikTokReportRow } from '../../../connectors/tiktok-ads/payload.schema.ts';
import type { AdPlatformDayRow } from '../ad-platforms/ad-platform-row.ts';
import { type CampaignUtms, fillTikTokMacros } from './campaign-utms.ts';

/**
 * TikTok BASIC report rows → ad-platform day rows (pure). Metrics are decimal strings in the
 * advertiser currency (`"-"` = unavailable → 0); `total_complete_payment_rate` is the purchase
 * value despite its name (§2.2, to confirm against a live account). TikTok's report carries no
 * UTMs: they live on ads (`ad/get` `utm_params`), and `utms` brings each campaign's
 * (campaign-utms.ts), its macros filled with the row's campaign.
 */
const numberOf = (value: string | number | undefined) => {
  const n = Number(value);
  return value === undefined || value === '-' || !Number.isFinite(n) ? 0 : n;
};

export function mapTikTokRows(
  rows: TikTokReportRow[],
  accountId: string,
  currency: string,
  utms: ReadonlyMap<string, CampaignUtms> = new Map(),
): AdPlatformDayRow[] {
  const digits = currencyDigitsOf(currency);
  const money = (value: string | number | undefined) =>
    value === undefined || value === '-' ? 0 : parseDecimalToMinor(value, digits);
  return rows
    .filter((row) => row.dimensions.campaign_id !== undefined || row.dimensions.adgroup_id !== undefined)
    .map((row) => {
      const m = row.metrics;
      const campaignId = row.dimensions.campaign_id ?? m.campaign_id ?? '';
      const campaignName = m.campaign_name ?? campaignId;
      return {
        platform: 'tiktok_ads' as const,
        accountId,
        date: row.dimensions.stat_time_day.slice(0, 10),
        campaignId,
        campaignName,
        campaignType: null,
        campaignStatus: null,
        adGroupId: row.dimensions.adgroup_id ?? null,
        adGroupName: m.adgroup_name ?? null,
        spendMinor: money(m.spend),
        impressions: numberOf(m.impressions),
        clicks: numberOf(m.clicks),
        conversions: numberOf(m.complete_payment),
        conversionValueMinor: money(m.total_complete_payment_rate),
        currency,
        ...fillTikTokMacros(utms.get(campaignId), { id: campaignId, name: campaignName }),
      };
    });
}
