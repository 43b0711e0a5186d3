import { creditOrder } from '../metrics/credit-order.ts';
import { advertisedHandle } from './advertised-handle.ts';
import { clickCreditMoves } from './click-credit-moves.ts';
import { creditedAdCampaign } from './credited-ad-campaign.ts';
import { touchesOf } from './touches-of.ts';
import type { AnalysisFacts, OrderJourney } from './types.ts';

/**
 * Each ad campaign's advertised product handle (advertisedHandle: the landing product page of at
 * least half of all the orders credited to it), by adCampaignKey; campaigns without one are absent.
 * Every platform's campaigns (decision 128): an order is credited to a campaign by its
 * utm_campaign (the campaign's name, id or final-URL utm_campaign), or by its click id when the
 * platform named the click's campaign (clickCreditMoves). What the campaign figures and the
 * ad-spend-on-out-of-stock alert both name.
 */
export function advertisedHandles(
  facts: Pick<AnalysisFacts, 'adCampaigns' | 'orderDays' | 'productLandings' | 'adClickOrders'>,
): Map<string, string> {
  const campaignOfCredit = creditedAdCampaign(facts.adCampaigns);
  const campaignOf = (journey: OrderJourney) => campaignOfCredit(creditOrder(touchesOf(journey)));
  const tally = new Map<string, { orders: number; handles: Map<string, number> }>();
  const entryOf = (key: string) => {
    let entry = tally.get(key);
    if (!entry) {
      entry = { orders: 0, handles: new Map() };
      tally.set(key, entry);
    }
    return entry;
  };
  const add = (key: string, handle: string | null, orders: number) => {
    const entry = entryOf(key);
    entry.orders += orders;
    if (!handle) return;
    const count = (entry.handles.get(handle) ?? 0) + orders;
    if (count > 0) entry.handles.set(handle, count);
    else entry.handles.delete(handle);
  };
  for (const g of facts.orderDays) {
    const key = campaignOf(g);
    if (key) entryOf(key).orders += g.orders;
  }
  for (const l of facts.productLandings) {
    const key = campaignOf(l);
    if (!key) continue;
    const { handles } = entryOf(key);
    handles.set(l.landingHandle, (handles.get(l.landingHandle) ?? 0) + l.orders);
  }
  for (const { from, to, group } of clickCreditMoves(facts, campaignOfCredit)) {
    add(to, group.landingHandle, group.orders);
    if (from) add(from, group.landingHandle, -group.orders);
  }
  const handles = new Map<string, string>();
  for (const [key, entry] of tally) {
    if (entry.orders <= 0) continue;
    const handle = advertisedHandle(entry.handles, entry.orders);
    if (handle) handles.set(key, handle);
  }
  return handles;
}
