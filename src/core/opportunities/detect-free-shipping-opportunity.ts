import { formatMoney } from '../../shared/money.ts';
import { quantileType7 } from '../stats/quantile-type7.ts';
import { metricKey } from './metric-key.ts';
import { rankOpportunity, sufficiencyOf } from './rank-opportunity.ts';
import { roundTo } from './round-to.ts';
import type { DetectorContext, OpportunityCandidate } from './types.ts';

/** Orders of the last 90 days: subtotal and the shipping the customer paid. */
export interface ShippingOrder {
  subtotal: number;
  shipping: number;
}

/**
 * Free-shipping threshold just above the median order value.
 *
 * Definition: only when most orders pay shipping (a store that already ships free has nothing to
 * gain). Threshold = the 75th percentile of subtotals rounded up to 5, which sits above the median.
 * Orders between the median and the threshold are the ones a threshold nudges; per 30 days
 * (÷ 3 of the 90-day window) impact = Σ top-ups (threshold − subtotal) of the orders within 10 % of
 * the threshold … Σ top-ups of all orders from the median up, minus the shipping those orders paid
 * (which the store gives up).
 */
export function detectFreeShippingOpportunity(
  orders: readonly ShippingOrder[],
  context: DetectorContext,
): OpportunityCandidate[] {
  if (orders.length < 30) return [];
  const paying = orders.filter((o) => o.shipping > 0).length;
  if (paying / orders.length < 0.5) return [];
  const sorted = orders.map((o) => o.subtotal).sort((a, b) => a - b);
  const median = quantileType7(sorted, 0.5);
  const threshold = Math.ceil(quantileType7(sorted, 0.75) / 5) * 5;
  if (!(threshold > median)) return [];
  let near = 0;
  let band = 0;
  let shippingGivenUp = 0;
  let bandOrders = 0;
  for (const order of orders) {
    if (order.subtotal >= median && order.subtotal < threshold) {
      const topUp = threshold - order.subtotal;
      band += topUp;
      bandOrders += 1;
      shippingGivenUp += order.shipping;
      if (order.subtotal >= threshold * 0.9) near += topUp;
    }
  }
  const min = Math.max(0, (near - shippingGivenUp * 0.1) / 3);
  const max = Math.max(min, (band - shippingGivenUp) / 3);
  if (max <= 0) return [];
  const rank = rankOpportunity(min, max, context.revenueLast30Days, sufficiencyOf(bandOrders), 'Low');
  return [
    {
      type: 'free_shipping_threshold',
      subjectKey: 'store',
      title: `Offer free shipping above ${formatMoney(threshold, context.currency, { fractionDigits: 0 })}`,
      description: `Half of your orders are below ${formatMoney(median, context.currency, { fractionDigits: 0 })}. A free-shipping threshold at ${formatMoney(threshold, context.currency, { fractionDigits: 0 })} gives ${bandOrders} orders a quarter a reason to add an item.`,
      ...rank,
      revenueImpactMin: roundTo(min, 2),
      revenueImpactMax: roundTo(max, 2),
      effortLevel: 'Low',
      metricKey: metricKey('store', 'all'),
      evidence: {
        method:
          'Per 30 days: top-ups to the threshold of orders within 10 % of it (low) up to those of all orders from the median up, net of the shipping fees given up.',
        facts: [
          { label: 'Median order subtotal', value: roundTo(median, 2), unit: 'currency' },
          { label: 'Proposed threshold', value: threshold, unit: 'currency' },
          { label: 'Orders between median and threshold (90 days)', value: bandOrders, unit: 'count' },
          {
            label: 'Orders paying shipping',
            value: roundTo((100 * paying) / orders.length, 1),
            unit: 'percent',
          },
        ],
      },
    },
  ];
}
