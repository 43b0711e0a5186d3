/** What decides an order's credit: the channels (and UTM campaigns) of its first and last visits. */
export interface OrderTouches {
  /** Channel of the last visit (the order's own UTM / source type); null when the journey is unknown. */
  lastChannel: string | null;
  lastCampaign: string | null;
  /** Channel of the first visit; null when unknown. */
  firstChannel: string | null;
  firstCampaign: string | null;
}

/** The channel an order is credited to, and the UTM campaign named by the credited visit. */
export interface OrderCredit {
  channel: string;
  campaign: string | null;
}

/** The channel that last non-direct click falls back to. */
export const DIRECT = 'direct';

/**
 * The one attribution rule of every store-verified figure (decision 011): last non-direct click
 * over an order's first and last visits.
 *
 * Definition: the last visit's channel when it is known and not direct; otherwise the first
 * visit's channel when it is known and not direct; otherwise 'direct'. The campaign is the
 * utm_campaign of the visit that got the credit. Every valid order gets exactly one channel, so
 * the channels' revenue adds up to the store's revenue; a refund follows its order's credit.
 * Reference: Google Analytics' last non-direct click; core `attributeHeuristic('last-non-direct')`
 * over the path [first, last] gives the same channel.
 *
 * @example creditOrder({ lastChannel: 'direct', lastCampaign: null, firstChannel: 'meta_ads', firstCampaign: 'Spring' })
 *   // { channel: 'meta_ads', campaign: 'Spring' }
 */
export function creditOrder(touches: OrderTouches): OrderCredit {
  if (touches.lastChannel !== null && touches.lastChannel !== DIRECT)
    return { channel: touches.lastChannel, campaign: touches.lastCampaign };
  if (touches.firstChannel !== null && touches.firstChannel !== DIRECT)
    return { channel: touches.firstChannel, campaign: touches.firstCampaign };
  return { channel: DIRECT, campaign: null };
}
