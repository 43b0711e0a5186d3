/**
 * Opportunities whose impact range is spend saved, not sales added (issue #36): cutting a
 * campaign's spend, stopping ads for an out-of-stock product. Their range is shown as "Savings" and
 * never summed into the potential revenue.
 */
export const SAVINGS_OPPORTUNITY_TYPES: readonly string[] = ['cut_campaign', 'ad_spend_out_of_stock'];

/** What an opportunity's impact range measures. */
export function impactKindOf(type: string): 'revenue' | 'savings' {
  return SAVINGS_OPPORTUNITY_TYPES.includes(type) ? 'savings' : 'revenue';
}
