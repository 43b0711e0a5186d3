import type { OrderTouches } from '../metrics/credit-order.ts';
import type { AnalysisOrder } from './types.ts';

/** An analysed order's first and last visit as the attribution rule (core creditOrder) reads them. */
export function touchesOf(o: AnalysisOrder): OrderTouches {
  return {
    lastChannel: o.lastChannel,
    lastCampaign: o.utmCampaign,
    firstChannel: o.firstChannel,
    firstCampaign: o.firstCampaign,
  };
}
