/**
 * Meta campaign budgets, delivery and the daily insights rows, sized from pass 1's verified revenue
 * (the `causal` preset's spend is planned before the orders instead: plan-causal-ads.ts).
 */
import { dayToIso } from '../calendar.ts';
import type { MetaDailyRow } from '../meta-model.ts';
import type { DemoStore } from '../model.ts';
import { hashString, mixSeeds, Rng } from '../prng.ts';
import { buildAdDaily } from './build-ad-daily.ts';
import { CAMPAIGN_PLANS, type Ctx, SHOP_TZ } from './context.ts';
import { FATIGUING, fatiguingAdOf, planAds } from './plan-ads.ts';

export function buildMeta(
  ctx: Ctx,
  seed: number,
  campaignOrders: Int32Array,
  campaignRevenue: Float64Array,
): DemoStore['meta'] {
  const { days } = ctx;
  const rng = new Rng(mixSeeds(seed, hashString('meta')));
  const daily: MetaDailyRow[] = [];
  ctx.campaigns.forEach((campaign, c) => {
    const plan = CAMPAIGN_PLANS[c]!;
    const window = ctx.campaignWindows[c]!;
    const activeDays = window.stop - window.start + 1;
    // The causal preset plans Meta's budgets and spend before any order (plan-causal-ads.ts).
    if (plan.targetRoas !== null && !ctx.causal) {
      // Size the budget from revenue on in-stock days so the OOS campaign keeps spending after.
      let revenue = 0;
      let counted = 0;
      for (let d = window.start; d <= window.stop; d += 1) {
        if (plan.role === 'out_of_stock_traffic' && d >= days - 12) continue;
        revenue += campaignRevenue[c * days + d]!;
        counted += 1;
      }
      campaign.dailyBudgetMinor = Math.max(
        1_000,
        Math.round(revenue / plan.targetRoas / Math.max(1, counted) / 100) * 100,
      );
    }
    void activeDays;
    for (let d = window.start; d <= window.stop; d += 1) {
      const planned = ctx.causal?.metaSpendMinor[c * days + d];
      if (planned === 0) continue;
      const spendMinor = planned ?? Math.round(campaign.dailyBudgetMinor * rng.uniform(0.86, 1.03));
      const impressions = Math.round((spendMinor / 100 / (plan.cpm * rng.noise(0.12))) * 1000);
      const verifiedOrders = campaignOrders[c * days + d]!;
      const verifiedRevenueMinor = campaignRevenue[c * days + d]!;
      // Clicks cover the sessions that produced the verified orders (~3 % click-to-order at most).
      const clicks = Math.max(
        Math.round(impressions * plan.ctr * rng.noise(0.15)),
        Math.ceil(verifiedOrders / 0.03),
      );
      const extra =
        Math.round(verifiedOrders * rng.uniform(0.15, 0.55)) +
        rng.poisson(plan.role === 'wasteful' ? 0.6 : 0.25);
      const reportedPurchases = verifiedOrders + extra;
      const avgValue = verifiedOrders > 0 ? verifiedRevenueMinor / verifiedOrders : 6_500;
      daily.push({
        campaignIndex: c,
        day: dayToIso(ctx.startDay + d),
        spendMinor,
        impressions,
        reach: Math.round(impressions / rng.uniform(1.4, 1.9)),
        clicks,
        reportedPurchases,
        reportedPurchaseValueMinor: Math.round(
          verifiedRevenueMinor + extra * avgValue * rng.uniform(0.8, 1.1),
        ),
        verifiedOrders,
        verifiedRevenueMinor,
      });
    }
  });
  daily.sort((x, y) => (x.day < y.day ? -1 : x.day > y.day ? 1 : x.campaignIndex - y.campaignIndex));
  const ads = planAds(ctx.campaigns);
  const adDaily = buildAdDaily(
    daily,
    ads,
    seed,
    { adIndex: fatiguingAdOf(ads).index, onsetDay: days - 1 - FATIGUING.daysBeforeEnd },
    ctx.startDay,
  );
  return {
    account: {
      adAccountId: 'act_1234567890123456',
      name: 'Upside Demo Goods – Ads',
      currency: ctx.currency,
      timezoneName: SHOP_TZ,
      userId: '10229384756123456',
      userName: 'Demo Owner',
      pages: [
        {
          id: '104857362819203',
          name: 'Upside Demo Goods',
          category: 'Home Goods Store',
          accessToken: 'EAAPAGEdemoUpsidePageToken0001',
        },
      ],
    },
    campaigns: ctx.campaigns,
    daily,
    ads,
    adDaily,
  };
}
