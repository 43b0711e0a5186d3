import { marginRate } from '../../../core/metrics/margin-rate.ts';
import type {
  CampaignProfit,
  OpportunityProfitContext,
} from '../../../core/opportunities/profit-impact-of.ts';
import { contributionOf } from '../../../core/profit/contribution-of.ts';
import { addDays } from '../../../shared/calendar.ts';
import { currencyDigitsOf } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { loadAttribution } from '../metrics/load-attribution.ts';

/**
 * What the opportunities' profit impact is computed from (decision 026), over the detectors' 30
 * days ending on the run's `asOf`: the store's contribution rate and each Meta campaign's spend and
 * the contribution of its credited orders, from the metrics layer's one attribution query.
 * Campaigns are left out when the ad account bills in another currency than the shop sells in.
 * Read afresh each run (a run follows a sync) and without the customer counts, which it does not
 * use; on PostgreSQL by the analysis worker (analyze-warehouse.ts), so the API's event loop does not
 * parse the attribution rows (issue 18).
 */
export async function readOpportunityProfitContext(
  db: Db,
  workspaceId: string,
  asOf: string,
  currency: string,
): Promise<OpportunityProfitContext> {
  const figures = await loadAttribution(db, workspaceId, addDays(asOf, -29), asOf, {
    customers: false,
  });
  const unit = 10 ** currencyDigitsOf(currency);
  let netSales = 0;
  let contribution = 0;
  const coverage = { unitsSold: 0, unitsWithCost: 0 };
  for (const channel of figures.channels.values()) {
    const lines = contributionOf(channel.profit);
    netSales += lines.netSales;
    contribution += lines.contributionMargin;
    coverage.unitsSold += channel.unitsSold;
    coverage.unitsWithCost += channel.unitsWithCost;
  }
  const campaigns = new Map<string, CampaignProfit>();
  if (figures.metaCurrency === null || figures.metaCurrency === currency)
    for (const [id, entry] of figures.campaigns)
      campaigns.set(id, {
        spend: entry.figures.spendMinor / unit,
        contribution: contributionOf(entry.figures.profit).contributionMargin / unit,
        verifiedOrders: entry.figures.verifiedOrders,
        coverage: { unitsSold: entry.figures.unitsSold, unitsWithCost: entry.figures.unitsWithCost },
      });
  return { currency, contributionRate: marginRate(contribution, netSales), campaigns, coverage };
}
