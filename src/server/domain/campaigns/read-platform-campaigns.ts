import { computeRoas } from '../../../core/metrics/compute-roas.ts';
import type { AdPlatformCampaigns } from '../../../shared/contracts/campaigns.ts';
import type { DayRangeRequest } from '../../../shared/day-range.ts';
import { currencyDigitsOf, minorToDecimal, parseDecimalToMinor } from '../../../shared/money.ts';
import type { CachedReads } from '../../http/deps.ts';
import { readAdSpendWithOrders } from '../ad-spend/read-ad-spend.ts';
import type { FirstPartyCredit } from '../journeys/kept-first-party-credit.ts';
import { campaignKeyOf } from '../metrics/read-campaign-orders.ts';

interface PlatformCampaigns {
  platforms: AdPlatformCampaigns[];
  /** Every platform's spend (shop currency), /api/ad-spend's `total`, and its minor units. */
  total: string;
  totalMinor: number;
  /** Each platform's spend in minor units of the shop currency. */
  spendMinor: Map<string, number>;
}

/**
 * /campaigns' campaigns of every ad platform (issue #39): GET /api/ad-spend's figures (the one
 * ad-spend reader, so spend and platform ROAS are the same on both) beside the store-verified
 * orders of the period carrying the campaign's utm_campaign, the orders whose session's click id
 * the platform named as the campaign's, and the first-party credit to it. A campaign is "never
 * matched" only when neither its utm_campaign nor a click id ever led to an order. Amounts go on
 * the wire as /api/ad-spend's decimal strings; the sums behind them are made in minor units and
 * written once. `totalMinor` and `spendMinor` (per platform) stay for MER and the channels' profit.
 */
export async function readPlatformCampaigns(
  reads: CachedReads,
  workspaceId: string,
  request: DayRangeRequest,
  now: Date,
  firstParty: FirstPartyCredit,
): Promise<PlatformCampaigns> {
  const { answer: spend, orders } = await readAdSpendWithOrders(reads.db, workspaceId, request, now);
  if (!spend.currency || !spend.from || !spend.to)
    return { platforms: [], total: '0', totalMinor: 0, spendMinor: new Map() };
  const shopDigits = currencyDigitsOf(spend.currency);
  const shop = (amount: string) => parseDecimalToMinor(amount, shopDigits);
  const money = (minor: number) => minorToDecimal(minor, shopDigits);
  const spendMinorOf = new Map<string, number>();
  const platforms = spend.platforms.map((p): AdPlatformCampaigns => {
    let valueMinorSum = 0;
    const campaigns = p.campaigns.map((c) => {
      const key = campaignKeyOf(c);
      const ref = { ...c, platform: p.platform };
      const match = orders.utm(ref);
      const spendMinor = shop(c.spend);
      const valueMinor = shop(c.platformConversionValue);
      valueMinorSum += valueMinor;
      const credited = firstParty.campaigns.filter((f) => f.campaign === key);
      const click = orders.click(ref);
      return {
        campaignId: c.campaignId,
        name: c.name,
        type: c.type,
        utmCampaign: c.utmCampaign,
        spend: c.spend,
        spendInAccountCurrency: c.spendInAccountCurrency,
        impressions: c.impressions,
        clicks: c.clicks,
        platformConversions: c.platformConversions,
        platformConversionValue: c.platformConversionValue,
        platformRoas: computeRoas(valueMinor, spendMinor),
        storeVerifiedOrders: match.orders,
        storeVerifiedRevenue: money(match.revenueMinor),
        storeRoas: computeRoas(match.revenueMinor, spendMinor),
        firstPartyOrders: credited.reduce((sum, f) => sum + f.conversions, 0),
        // The tracker's credit is fractional minor units per order: summed, then rounded once.
        firstPartyRevenue: money(Math.round(credited.reduce((sum, f) => sum + f.value, 0))),
        clickIdOrders: click.orders,
        clickIdRevenue: money(click.revenueMinor),
        utmNeverMatched: match.ever === 0 && click.ever === 0,
        // Filled by readCampaigns from the latest analysis' opportunities.
        opportunities: [],
      };
    });
    const spendMinor = shop(p.spend);
    spendMinorOf.set(p.platform, spendMinor);
    return {
      platform: p.platform,
      accountCurrency: p.accountCurrency,
      spend: p.spend,
      spendInAccountCurrency: p.spendInAccountCurrency,
      rates: p.rates,
      daysWithoutRate: p.daysWithoutRate,
      platformConversionValue: money(valueMinorSum),
      platformRoas: computeRoas(valueMinorSum, spendMinor),
      campaigns,
    };
  });
  return { platforms, total: spend.total, totalMinor: shop(spend.total), spendMinor: spendMinorOf };
}
