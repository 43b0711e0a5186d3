import { creditOrder } from '../metrics/credit-order.ts';
import { advertisedHandle } from './advertised-handle.ts';
import { creditedMetaCampaign } from './credited-meta-campaign.ts';
import { touchesOf } from './touches-of.ts';
import type { AnalysisFacts, OrderJourney } from './types.ts';

/**
 * Each Meta campaign's advertised product handle (advertisedHandle: the landing product page of at
 * least half of all the orders credited to it), by campaign id; campaigns without one are absent.
 * What the campaign figures and the ad-spend-on-out-of-stock alert both name.
 */
export function advertisedHandles(
  facts: Pick<AnalysisFacts, 'metaCampaigns' | 'orderDays' | 'productLandings'>,
): Map<string, string> {
  const campaignOfCredit = creditedMetaCampaign(facts.metaCampaigns);
  const campaignOf = (journey: OrderJourney) => campaignOfCredit(creditOrder(touchesOf(journey)));
  const tally = new Map<string, { orders: number; handles: Map<string, number> }>();
  const entryOf = (campaignId: string) => {
    let entry = tally.get(campaignId);
    if (!entry) {
      entry = { orders: 0, handles: new Map() };
      tally.set(campaignId, entry);
    }
    return entry;
  };
  for (const g of facts.orderDays) {
    const id = campaignOf(g);
    if (id) entryOf(id).orders += g.orders;
  }
  for (const l of facts.productLandings) {
    const id = campaignOf(l);
    if (!id) continue;
    const { handles } = entryOf(id);
    handles.set(l.landingHandle, (handles.get(l.landingHandle) ?? 0) + l.orders);
  }
  const handles = new Map<string, string>();
  for (const [id, entry] of tally) {
    const handle = advertisedHandle(entry.handles, entry.orders);
    if (handle) handles.set(id, handle);
  }
  return handles;
}
