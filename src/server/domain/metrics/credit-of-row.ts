import { z } from 'zod';
import { creditOrder } from '../../../core/metrics/credit-order.ts';
import { channelOf } from '../../../core/pipeline/channel-of.ts';

/**
 * The warehouse columns that decide an order's credit (the one attribution rule, decision 011),
 * as raw queries select them. On its own, apart from query-attribution.ts, so that the analysis
 * worker's reads (load-analysis-facts.ts) need nothing of the HTTP layer.
 */
export const CreditRow = z.object({
  has_journey: z.boolean(),
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  source_type: z.string().nullable(),
  utm_campaign: z.string().nullable(),
  first_source: z.string().nullable(),
  first_medium: z.string().nullable(),
  first_type: z.string().nullable(),
  first_campaign: z.string().nullable(),
});
export type CreditRow = z.infer<typeof CreditRow>;

/** The order's credit under the one rule (core creditOrder) from its warehouse columns. */
export function creditOfRow(g: CreditRow) {
  const hasFirst = g.first_source !== null || g.first_medium !== null || g.first_type !== null;
  return creditOrder({
    lastChannel: g.has_journey ? channelOf(g.utm_source, g.utm_medium, g.source_type) : null,
    lastCampaign: g.utm_campaign,
    firstChannel: hasFirst ? channelOf(g.first_source, g.first_medium, g.first_type) : null,
    firstCampaign: g.first_campaign,
  });
}
