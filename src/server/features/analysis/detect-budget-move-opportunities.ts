import { detectBudgetMoveOpportunity } from '../../../core/opportunities/detect-budget-move-opportunity.ts';
import { MIN_IMPACT_SHARE } from '../../../core/opportunities/detect-opportunities.ts';
import type { DetectorContext, OpportunityCandidate } from '../../../core/opportunities/types.ts';
import { addDays } from '../../../shared/calendar.ts';
import type { CachedReads } from '../../http/deps.ts';
import { fitShopMmm } from '../measurement/fit-shop-mmm.ts';

/** The model behind the opportunity: the last 52 weeks up to the run's asOf (as the planner's default). */
const MODEL_DAYS = 364;

/**
 * The budget planner's best reallocation as an opportunity (issue #41 item 3, decision 129): the
 * shop's marketing-mix model over the last 52 weeks (the Measurement feature's kept fit, decision
 * 110, so the page and the run share one fit of the same data) handed to the pure detector, with
 * the opportunity list's noise floor (`MIN_IMPACT_SHARE` of the last 30 days' revenue) applied to
 * its upper contribution gain.
 */
export async function detectBudgetMoveOpportunities(
  reads: CachedReads,
  workspaceId: string,
  context: DetectorContext,
  now: Date,
): Promise<OpportunityCandidate[]> {
  const shop = await fitShopMmm(
    reads,
    workspaceId,
    { from: addDays(context.asOf, -(MODEL_DAYS - 1)), to: context.asOf },
    now,
  );
  if (!shop || shop.currency !== context.currency) return [];
  const floor = MIN_IMPACT_SHARE * context.revenueLast30Days;
  return detectBudgetMoveOpportunity({ model: shop.result, margin: shop.margin }, context).filter(
    (candidate) => (candidate.profitImpact?.max ?? 0) >= floor,
  );
}
