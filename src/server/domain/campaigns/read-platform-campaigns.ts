import { computeRoas } from '../../../core/metrics/compute-roas.ts';
import type { AdPlatformCampaigns } from '../../../shared/contracts/campaigns.ts';
import type { DayRangeRequest } from '../../../shared/day-range.ts';
import { currencyDigitsOf, parseDecimalToMinor } from '../../../shared/money.ts';
import type { CachedReads } from '../../http/deps.ts';
import { readAdSpendWithOrders } from '../ad-spend/read-ad-spend.ts';
import type { FirstPartyCredit } from '../journeys/kept-first-party-credit.ts';
import { campaignKeyOf } from '../metrics/read-campaign-orders.ts';

/**
 * /campaigns' campaigns of every ad platform (issue #39): GET /api/ad-spend's figures (the one
 * ad-spend reader, so spend and platform ROAS are the same on both) beside the store-verified
 * orders of the period carrying the campaign's utm_campaign, the orders whose session's click id
 * the platform named as the campaign's, and the first-party credit to it. A campaign is "never
 * matched" only when neither its utm_campaign nor a click id ever led to an order.
 */
export async function readPlatformCampaigns(
  reads: CachedReads,
  workspaceId: string,
  request: DayRangeRequest,
  now: Date,
  firstParty: FirstPartyCredit,
): Promise<{ platforms: AdPlatformCampaigns[]; totalMinor: number }> {
  const { answer: spend, orders } = await readAdSpendWithOrders(reads.db, workspaceId, request, now);
  if (!spend.currency || !spend.from || !spend.to) return { platforms: [], totalMinor: 0 };
  const shopDigits = currencyDigitsOf(spend.currency);
  const shop = (amount: string) => parseDecimalToMinor(amount, shopDigits);
  const platforms = spend.platforms.map((p): AdPlatformCampaigns => {
    const accountDigits = currencyDigitsOf(p.accountCurrency);
    const campaigns = p.campaigns.map((c) => {
      const key = campaignKeyOf(c);
      const ref = { ...c, platform: p.platform };
      const match = orders.utm(ref);
      const spendMinor = shop(c.spend);
      const valueMinor = shop(c.platformConversionValue);
      const credited = firstParty.campaigns.filter((f) => f.campaign === key);
      const click = orders.click(ref);
      return {
        campaignId: c.campaignId,
        name: c.name,
        type: c.type,
        utmCampaign: c.utmCampaign,
        spendMinor,
        spendInAccountCurrencyMinor: parseDecimalToMinor(c.spendInAccountCurrency, accountDigits),
        impressions: c.impressions,
        clicks: c.clicks,
        platformConversions: c.platformConversions,
        platformConversionValueMinor: valueMinor,
        platformRoas: computeRoas(valueMinor, spendMinor),
        storeVerifiedOrders: match.orders,
        storeVerifiedRevenueMinor: match.revenueMinor,
        storeRoas: computeRoas(match.revenueMinor, spendMinor),
        firstPartyOrders: credited.reduce((sum, f) => sum + f.conversions, 0),
        firstPartyRevenueMinor: Math.round(credited.reduce((sum, f) => sum + f.value, 0)),
        clickIdOrders: click.orders,
        clickIdRevenueMinor: click.revenueMinor,
        utmNeverMatched: match.ever === 0 && click.ever === 0,
        // Filled by readCampaigns from the latest analysis' opportunities.
        opportunities: [],
      };
    });
    const spendMinor = shop(p.spend);
    const valueMinor = campaigns.reduce((sum, c) => sum + c.platformConversionValueMinor, 0);
    return {
      platform: p.platform,
      accountCurrency: p.accountCurrency,
      spendMinor,
      spendInAccountCurrencyMinor: parseDecimalToMinor(p.spendInAccountCurrency, accountDigits),
      rates: p.rates,
      daysWithoutRate: p.daysWithoutRate,
      platformConversionValueMinor: valueMinor,
      platformRoas: computeRoas(valueMinor, spendMinor),
      campaigns,
    };
  });
  return { platforms, totalMinor: shop(spend.total) };
}
