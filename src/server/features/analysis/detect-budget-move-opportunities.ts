import { DECAY_PRIOR_ALTERNATIVE } from '../../../core/measurement/hyper-log-prior.ts';
import { detectBudgetMoveOpportunity } from '../../../core/opportunities/detect-budget-move-opportunity.ts';
import { MIN_IMPACT_SHARE } from '../../../core/opportunities/detect-opportunities.ts';
import type { DetectorContext, OpportunityCandidate } from '../../../core/opportunities/types.ts';
import { addDays } from '../../../shared/calendar.ts';
import { fitShopMmm, refitShopMmm } from '../../domain/measurement/fit-shop-mmm.ts';
import type { CachedReads } from '../../http/deps.ts';

/** The model behind the opportunity: the last 52 weeks up to the run's asOf (as the planner's default). */
const MODEL_DAYS = 364;

/**
 * The budget planner's best reallocation as an opportunity (issue #41 item 3, decision 129): the
 * shop's marketing-mix model over the last 52 weeks (the Measurement feature's kept fit, decision
 * 110, so the page and the run share one fit of the same data) handed to the pure detector, with
 * the opportunity list's noise floor (`MIN_IMPACT_SHARE` of the last 30 days' revenue) applied to
 * its upper contribution gain. A move the kept fit offers is checked against a refit of the same
 * weeks under the stated alternative decay prior (decision 163) and offered only if it still pays
 * there: TikTok's overrating under the adopted prior (decision 152) offered a losing move.
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
  const facts = { model: shop.result, margin: shop.margin };
  if (detectBudgetMoveOpportunity(facts, context).length === 0) return [];
  const refits = [await refitShopMmm(reads, shop, DECAY_PRIOR_ALTERNATIVE)];
  return detectBudgetMoveOpportunity({ ...facts, refits }, context).filter(
    (candidate) => (candidate.profitImpact?.max ?? 0) >= floor,
  );
}
