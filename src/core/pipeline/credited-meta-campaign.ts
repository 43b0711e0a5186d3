import type { OrderCredit } from '../metrics/credit-order.ts';
import type { AnalysisFacts } from './types.ts';

/**
 * The Meta campaign, by id, that a credit under the one attribution rule (core creditOrder,
 * decision 011) names, by the campaign's name or its id; undefined when the credit is not a known
 * Meta campaign.
 * @example creditedMetaCampaign([{ campaignId: '42', name: 'Spring', status: null }])({ channel: 'meta_ads', campaign: 'Spring' }) // '42'
 */
export function creditedMetaCampaign(
  campaigns: AnalysisFacts['metaCampaigns'],
): (credit: OrderCredit) => string | undefined {
  const idOf = new Map<string, string>();
  for (const c of campaigns) {
    idOf.set(c.name, c.campaignId);
    idOf.set(c.campaignId, c.campaignId);
  }
  return (credit) =>
    credit.channel === 'meta_ads' && credit.campaign ? idOf.get(credit.campaign) : undefined;
}
