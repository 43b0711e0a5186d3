import type { CampaignLabel, Currency } from '@shared/contracts/campaigns.ts';
import type { BadgeVariant } from '@web/components/ui/badge.tsx';
import { formatCurrency } from '@web/lib/money.ts';

/** Cost per click in the account currency (a wire amount, decision 171), or a dash. */
export function formatCpc(cpc: string | null, currency: Currency | null): string {
  return cpc === null || !currency ? '—' : formatCurrency(cpc, currency.code, 2);
}

/** "3.42x", or a dash when ROAS cannot be computed. */
export function formatRoas(roas: number | null): string {
  return roas === null || !Number.isFinite(roas) ? '—' : `${roas.toFixed(2)}x`;
}

/** A percent with `digits` decimals, or a dash. */
export function formatRate(percent: number | null, digits = 1): string {
  return percent === null || !Number.isFinite(percent) ? '—' : `${percent.toFixed(digits)}%`;
}

/** Whole counts with thousands separators. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** Badge colour of a campaign label: scale up good, cut bad, attribution gap a warning. */
export function labelVariant(label: CampaignLabel | null): BadgeVariant {
  if (label === 'Scale up') return 'success';
  if (label === 'Cut') return 'destructive';
  if (label === 'Attribution gap') return 'warning';
  return 'secondary';
}

/** What the label asks the owner to do. */
export function labelAdvice(label: CampaignLabel | null): string {
  if (label === 'Scale up') return 'Returns well and the store verifies what Meta claims: raise the budget.';
  if (label === 'Cut')
    return 'Spends more than the store-verified revenue it brings: pause it or move the budget.';
  if (label === 'Attribution gap')
    return 'Meta claims far more (or less) than the store verifies: check UTM tags and the pixel.';
  if (label === 'Optimize') return 'Profitable but not a clear winner: test creatives and audiences.';
  return 'No spend in this period.';
}

/** Meta's status words as people read them. */
export function statusLabel(status: string | null): string {
  if (!status) return 'Unknown';
  return status.charAt(0) + status.slice(1).toLowerCase().replaceAll('_', ' ');
}
