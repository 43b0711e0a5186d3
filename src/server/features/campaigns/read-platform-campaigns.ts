import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { computeRoas } from '../../../core/metrics/compute-roas.ts';
import type { AdPlatformCampaigns } from '../../../shared/contracts/campaigns.ts';
import type { DayRangeRequest } from '../../../shared/day-range.ts';
import { currencyDigitsOf, parseDecimalToMinor } from '../../../shared/money.ts';
import { queryRows } from '../../db/query-rows.ts';
import { clickMatchedOrders } from '../../domain/metrics/click-matched-orders.ts';
import { validOrderOf } from '../../domain/metrics/metric-window.ts';
import { foldFirst } from '../../domain/tracking/fold-events.ts';
import type { CachedReads } from '../../http/deps.ts';
import { readAdSpend } from '../ad-spend/read-ad-spend.ts';
import type { FirstPartyCredit } from '../journeys/kept-first-party-credit.ts';

const MatchRow = z.object({
  utm_campaign: z.string(),
  orders: z.number(),
  revenue: z.string(),
  ever: z.number(),
});

const ClickRow = z.object({
  platform: z.string(),
  campaign_id: z.string(),
  orders: z.number(),
  revenue: z.string(),
  ever: z.number(),
});

/**
 * Orders joined to a tracker session whose click id the platform named (ad_click_matches, decision
 * 120), per platform and campaign: those of the period with their revenue, and all of them ever.
 */
function readClickMatchedOrders(reads: CachedReads, workspaceId: string, from: string, to: string) {
  return queryRows(
    reads.db,
    ClickRow,
    sql`SELECT cm.platform, cm.campaign_id,
          count(*) FILTER (WHERE o.order_date BETWEEN ${from}::date AND ${to}::date)::int AS orders,
          coalesce(sum(o.total_minor) FILTER (
            WHERE o.order_date BETWEEN ${from}::date AND ${to}::date), 0)::text AS revenue,
          count(*)::int AS ever
        ${clickMatchedOrders(workspaceId)}
        GROUP BY 1, 2`,
  );
}

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
  await foldFirst(reads.db);
  const spend = await readAdSpend(reads.db, workspaceId, request, now);
  if (!spend.currency || !spend.from || !spend.to) return { platforms: [], totalMinor: 0 };
  const shopDigits = currencyDigitsOf(spend.currency);
  const shop = (amount: string) => parseDecimalToMinor(amount, shopDigits);
  const keyOf = (c: { utmCampaign: string | null; name: string }) => c.utmCampaign ?? c.name;
  const keys = [...new Set(spend.platforms.flatMap((p) => p.campaigns.map(keyOf)))];
  const matches =
    keys.length === 0
      ? []
      : await queryRows(
          reads.db,
          MatchRow,
          sql`SELECT o.utm_campaign,
                count(*) FILTER (WHERE o.order_date BETWEEN ${spend.from}::date AND ${spend.to}::date)::int AS orders,
                coalesce(sum(o.total_minor) FILTER (
                  WHERE o.order_date BETWEEN ${spend.from}::date AND ${spend.to}::date), 0)::text AS revenue,
                count(*)::int AS ever
              FROM wh_orders o
              WHERE ${validOrderOf(workspaceId)} AND o.utm_campaign IN (${sql.join(
                keys.map((k) => sql`${k}`),
                sql`, `,
              )})
              GROUP BY 1`,
        );
  const matchOf = new Map(matches.map((m) => [m.utm_campaign, m]));
  const clicks = await readClickMatchedOrders(reads, workspaceId, spend.from, spend.to);
  const clickOf = new Map(clicks.map((c) => [`${c.platform}|${c.campaign_id}`, c]));
  const platforms = spend.platforms.map((p): AdPlatformCampaigns => {
    const accountDigits = currencyDigitsOf(p.accountCurrency);
    const campaigns = p.campaigns.map((c) => {
      const key = keyOf(c);
      const match = matchOf.get(key);
      const spendMinor = shop(c.spend);
      const valueMinor = shop(c.platformConversionValue);
      const revenueMinor = Number(match?.revenue ?? 0);
      const credited = firstParty.campaigns.filter((f) => f.campaign === key);
      const click = clickOf.get(`${p.platform}|${c.campaignId}`);
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
        storeVerifiedOrders: match?.orders ?? 0,
        storeVerifiedRevenueMinor: revenueMinor,
        storeRoas: computeRoas(revenueMinor, spendMinor),
        firstPartyOrders: credited.reduce((sum, f) => sum + f.conversions, 0),
        firstPartyRevenueMinor: Math.round(credited.reduce((sum, f) => sum + f.value, 0)),
        clickIdOrders: click?.orders ?? 0,
        clickIdRevenueMinor: Number(click?.revenue ?? 0),
        utmNeverMatched: (match?.ever ?? 0) === 0 && (click?.ever ?? 0) === 0,
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
