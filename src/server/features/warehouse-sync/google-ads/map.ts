import { currencyDigitsOf, parseDecimalToMinor } from '../../../../shared/money.ts';
import type { GoogleAdsRow } from '../../../connectors/google-ads/payload.schema.ts';
import { type AdPlatformDayRow, utmsOf } from '../ad-platforms/ad-platform-row.ts';

/**
 * Google Ads GAQL rows → ad-platform day rows (pure). `cost_micros` is the account currency × 10⁶
 * (contracts/external-apis-2.md §1.3); it becomes exact minor units with integer arithmetic
 * (BigInt, half away from zero), as does `conversions_value` (a double in account currency).
 * Rows without a date or campaign (not a daily campaign report) are skipped.
 */

const CAMPAIGN_TYPES: Record<string, string> = {
  SEARCH: 'search',
  SHOPPING: 'shopping',
  PERFORMANCE_MAX: 'performance_max',
  VIDEO: 'video',
  DISPLAY: 'display',
  DEMAND_GEN: 'demand_gen',
};

/** micros (int64 as string) → minor units of a currency with `digits` decimals. */
export function microsToMinor(micros: string | number, digits: number): number {
  const value = BigInt(micros);
  const divisor = 10n ** BigInt(6 - digits);
  const half = divisor / 2n;
  const rounded = value >= 0n ? (value + half) / divisor : -((-value + half) / divisor);
  return Number(rounded);
}

export function mapGoogleAdsRows(
  rows: GoogleAdsRow[],
  accountId: string,
  currency: string,
): AdPlatformDayRow[] {
  const digits = currencyDigitsOf(currency);
  const out: AdPlatformDayRow[] = [];
  for (const row of rows) {
    const date = row.segments?.date;
    const campaign = row.campaign;
    if (!date || !campaign) continue;
    const metrics = row.metrics ?? {};
    const channel = campaign.advertisingChannelType;
    out.push({
      platform: 'google_ads',
      accountId,
      date,
      campaignId: String(campaign.id),
      campaignName: campaign.name ?? String(campaign.id),
      campaignType: channel ? (CAMPAIGN_TYPES[channel] ?? channel.toLowerCase()) : null,
      campaignStatus: campaign.status ?? null,
      adGroupId: row.adGroup ? String(row.adGroup.id) : null,
      adGroupName: row.adGroup?.name ?? null,
      spendMinor: microsToMinor(metrics.costMicros ?? 0, digits),
      impressions: Number(metrics.impressions ?? 0),
      clicks: Number(metrics.clicks ?? 0),
      conversions: metrics.conversions ?? 0,
      conversionValueMinor: parseDecimalToMinor(metrics.conversionsValue ?? 0, digits),
      currency,
      ...utmsOf(campaign.finalUrlSuffix, campaign.trackingUrlTemplate),
    });
  }
  return out;
}
