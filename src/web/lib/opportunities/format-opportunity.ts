import type { OpportunityPriority } from '@shared/contracts/opportunities.ts';
import { compareByProfitImpact, compareByRevenueImpact } from '@shared/opportunity-order.ts';

/** Spec §4: priority labels; a missing priority reads 'Standard'. */
export function priorityLabel(priority: OpportunityPriority | null | undefined): string {
  if (priority === 'high') return 'High Priority';
  if (priority === 'medium') return 'Medium Priority';
  if (priority === 'low') return 'Quick Win';
  return 'Standard';
}

/** Spec §9: attribution action labels. */
export function attributionActionLabel(opportunity: string): string {
  if (opportunity === 'Scale up') return 'Increase Budget';
  if (opportunity === 'Attribution gap') return 'Fix Attribution';
  return 'Optimize';
}

/** Spec §9: segment descriptions. */
export function segmentDescription(segment: string): string {
  if (segment === 'Champions') return 'High value, frequent buyers';
  if (segment === 'At Risk') return 'Declining engagement';
  return 'High value, low frequency';
}

/** Spec §9: confidence as a rounded percent, 0 when absent. */
export function formatConfidence(fraction: number | null | undefined): string {
  return `${Math.round(Number.isFinite(fraction ?? Number.NaN) ? (fraction as number) * 100 : 0)}%`;
}

/** Spec §2 chart: type with underscores replaced by spaces. */
export function typeLabel(type: string): string {
  return type.replaceAll('_', ' ');
}

/** Spec §2 'Last updated …': time since the last analysis run, in words. */
export function formatTimeAgo(iso: string | null | undefined, now: Date): string {
  if (!iso) return 'Not analysed yet';
  const seconds = Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'Last updated just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `Last updated ${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `Last updated ${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  return `Last updated ${days} day${days === 1 ? '' : 's'} ago`;
}

export type SortKey = 'impact' | 'profit' | 'confidence' | 'effort';

const EFFORT_ORDER: Record<string, number> = { low: 0, medium: 1, high: 2 };

/**
 * The list's sorts: Revenue Impact (upper impact, largest first), Profit Impact (the server's
 * `?sort=profit` order: those that would lose money last), Confidence (highest first), Effort
 * Required (least effort first; unknown levels last). Ties keep the impact order.
 */
export function sortOpportunities<
  T extends {
    id: string;
    revenueImpactMax: string;
    profitImpactMax: string | null;
    losesMoney: boolean;
    confidenceScore: number;
    effortLevel: string;
  },
>(list: readonly T[], key: SortKey): T[] {
  const byImpact = compareByRevenueImpact;
  const effort = (o: T) => EFFORT_ORDER[o.effortLevel.toLowerCase()] ?? 3;
  return [...list].sort((a, b) => {
    if (key === 'profit') return compareByProfitImpact(a, b);
    if (key === 'confidence') return b.confidenceScore - a.confidenceScore || byImpact(a, b);
    if (key === 'effort') return effort(a) - effort(b) || byImpact(a, b);
    return byImpact(a, b);
  });
}

/** Spec §9: the five-colour palette the charts cycle through. */
export const CHART_PALETTE = ['#6366f1', '#22c55e', '#f59e0b', '#ef4444', '#06b6d4'] as const;
