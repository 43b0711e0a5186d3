import {
  countActiveOpportunities,
  useOpportunities,
} from '../../../lib/opportunities/opportunity-queries.ts';

/**
 * Number of active revenue opportunities (not implemented), shown on the Opportunities menu item and the
 * notification bell (spec §2). Reads GET /api/opportunities, polled every 30 s (spec §9); shares its
 * cache with the Opportunities page, so the badge changes the moment an opportunity is implemented.
 */
export function useActiveOpportunityCount(): number {
  const { data } = useOpportunities();
  return countActiveOpportunities(data);
}
