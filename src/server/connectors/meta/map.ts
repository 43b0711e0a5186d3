import type { MetaSummaryFigures } from '../../../shared/contracts/meta.ts';
import type { MetaInsightRow } from './payload.schema.ts';

/**
 * Pure Meta → our shapes. Metric strings become numbers; purchases use one canonical
 * action_type (`omni_purchase`, else `purchase`) because Meta repeats the same event under
 * several names (external-apis §3.3).
 */

const PURCHASE_TYPES = ['omni_purchase', 'purchase', 'offsite_conversion.fb_pixel_purchase'];

export function toNumber(value: string | undefined): number {
  if (!value) return 0;
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

/** The value of the first canonical purchase action present. */
export function pickPurchase(actions: Array<{ action_type: string; value: string }> | undefined): number {
  if (!actions) return 0;
  for (const type of PURCHASE_TYPES) {
    const found = actions.find((a) => a.action_type === type);
    if (found) return toNumber(found.value);
  }
  return 0;
}

/** Sums money in cents to avoid float drift, back to units with 2 decimals. */
function sumMoney(values: number[]): number {
  return Math.round(values.reduce((acc, v) => acc + Math.round(v * 100), 0)) / 100;
}

export function mapSummary(
  rows: MetaInsightRow[],
  currency: string | undefined,
  periodDays: number,
): MetaSummaryFigures {
  const byCampaign = new Map<string, MetaSummaryFigures['campaigns'][number]>();
  for (const row of rows) {
    const id = row.campaign_id ?? row.campaign_name ?? 'unknown';
    const entry = byCampaign.get(id) ?? {
      id,
      name: row.campaign_name ?? id,
      spend: 0,
      impressions: 0,
      clicks: 0,
      purchaseValue: 0,
    };
    entry.spend = sumMoney([entry.spend, toNumber(row.spend)]);
    entry.impressions += toNumber(row.impressions);
    entry.clicks += toNumber(row.clicks);
    entry.purchaseValue = sumMoney([entry.purchaseValue, pickPurchase(row.action_values)]);
    byCampaign.set(id, entry);
  }
  const campaigns = [...byCampaign.values()].sort((a, b) => b.spend - a.spend);
  const spend = sumMoney(campaigns.map((c) => c.spend));
  const purchaseValue = sumMoney(campaigns.map((c) => c.purchaseValue));
  return {
    currency: currency ?? rows.find((r) => r.account_currency)?.account_currency ?? 'USD',
    periodDays,
    spend,
    impressions: campaigns.reduce((a, c) => a + c.impressions, 0),
    clicks: campaigns.reduce((a, c) => a + c.clicks, 0),
    purchases: rows.reduce((a, r) => a + pickPurchase(r.actions), 0),
    purchaseValue,
    roas: spend > 0 ? Math.round((purchaseValue / spend) * 100) / 100 : null,
    campaigns,
  };
}
