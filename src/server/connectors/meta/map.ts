import type { MetaSummaryFigures } from '../../../shared/contracts/meta.ts';
import { currencyDigitsOf, minorToDecimal, parseDecimalToMinor } from '../../../shared/money.ts';
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

/** A Meta amount string in minor units of the account currency; 0 when absent or not a number. */
function minorOf(value: string | undefined, digits: number): number {
  if (!value) return 0;
  try {
    return parseDecimalToMinor(value, digits);
  } catch {
    return 0;
  }
}

/** The value string of the first canonical purchase action present. */
function purchaseValueOf(
  actions: Array<{ action_type: string; value: string }> | undefined,
): string | undefined {
  for (const type of PURCHASE_TYPES) {
    const found = actions?.find((a) => a.action_type === type);
    if (found) return found.value;
  }
  return undefined;
}

/**
 * Meta's insight rows by campaign. Meta sends amounts as decimal strings in the ad account's
 * currency: they are summed in its minor units (cents, whole yen, fils) and written once as
 * `MoneySchema` strings (decision 146), never through a float.
 */
export function mapSummary(
  rows: MetaInsightRow[],
  currency: string | undefined,
  periodDays: number,
): MetaSummaryFigures {
  const code = currency ?? rows.find((r) => r.account_currency)?.account_currency ?? 'USD';
  const digits = currencyDigitsOf(code);
  const byCampaign = new Map<
    string,
    { id: string; name: string; spend: number; impressions: number; clicks: number; purchaseValue: number }
  >();
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
    entry.spend += minorOf(row.spend, digits);
    entry.impressions += toNumber(row.impressions);
    entry.clicks += toNumber(row.clicks);
    entry.purchaseValue += minorOf(purchaseValueOf(row.action_values), digits);
    byCampaign.set(id, entry);
  }
  const campaigns = [...byCampaign.values()].sort((a, b) => b.spend - a.spend);
  const spend = campaigns.reduce((a, c) => a + c.spend, 0);
  const purchaseValue = campaigns.reduce((a, c) => a + c.purchaseValue, 0);
  const money = (minor: number) => minorToDecimal(minor, digits);
  return {
    currency: code,
    periodDays,
    spend: money(spend),
    impressions: campaigns.reduce((a, c) => a + c.impressions, 0),
    clicks: campaigns.reduce((a, c) => a + c.clicks, 0),
    purchases: rows.reduce((a, r) => a + pickPurchase(r.actions), 0),
    purchaseValue: money(purchaseValue),
    roas: spend > 0 ? Math.round((purchaseValue / spend) * 100) / 100 : null,
    campaigns: campaigns.map((c) => ({ ...c, spend: money(c.spend), purchaseValue: money(c.purchaseValue) })),
  };
}
