import type { OrderTouches } from '../metrics/credit-order.ts';
import type { OrderJourney } from './types.ts';

/** An order's (or a group of orders') first and last visit as the attribution rule (core creditOrder) reads them. */
export function touchesOf(o: OrderJourney): OrderTouches {
  return {
    lastChannel: o.lastChannel,
    lastCampaign: o.utmCampaign,
    firstChannel: o.firstChannel,
    firstCampaign: o.firstCampaign,
  };
}
