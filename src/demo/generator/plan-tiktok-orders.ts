/**
 * TikTok-driven orders (issue #39, decision 131). The demo TikTok account (ad-platforms/) spends
 * every day; these are the orders its clicks bring. Each day's count is a Poisson draw of the
 * day's expected orders, Σ over the campaigns that spent that day of spend (in shop money, at the
 * day's ECB rate) × the campaign's target ROAS ÷ the model's mean basket, from a stream of its own
 * (`tiktok-orders`), after every other order is drawn: no customer, guest or test order, and no
 * draw of theirs, moves. Each is a guest order (kind 3) whose last visit is a TikTok ad click: its
 * landing URL carries `utm_source=tiktok&utm_medium=paid_social&utm_campaign=<campaign name>`
 * (TikTok's `__CAMPAIGN_NAME__` URL-parameter macro: TikTok's report names no UTM, so the
 * campaign's name is the key /campaigns matches it by), `utm_content=<ad id>` (its `__CID__`
 * macro: one of the campaign's ads, hashed from the click id, decision 145) and a `ttclid`. The campaign is drawn in
 * the order's own stream with the day's expected orders as weights. Each campaign advertises one
 * product, which its orders land on: one with no planted stock-out and in no planted pair, so
 * neither truth moves.
 */
import type { AdAccountTruth } from '../ad-platforms/ad-platform-truth.ts';
import { adIdsOfGroup } from '../ad-platforms/plan-ad-platform-ads.ts';
import type { PlannedAdAccount } from '../ad-platforms/plan-ad-platforms.ts';
import { dayToIso } from '../calendar.ts';
import type { DemoOrder } from '../model.ts';
import type { Rng } from '../prng.ts';
import type { TikTokCampaignOrders, TikTokOrdersTruth } from '../truth-model.ts';
import type { Ctx, TikTokOrderPlan } from './context.ts';
import { PLANTED_PAIRS } from './plant-pairs.ts';

/** Target store ROAS by campaign position (repeating): one campaign that pays, one that does not, one between. */
const TARGET_ROAS = [2.4, 0.6, 1.5] as const;

/** Expected TikTok orders per day and campaign of the demo account, over the store's days. */
export function planTikTokOrders(
  ctx: Pick<Ctx, 'startDay' | 'days' | 'config' | 'products'>,
  account: PlannedAdAccount,
  truth: AdAccountTruth,
): TikTokOrderPlan {
  // plan-stockouts.ts sells out products 0 and 2 and the Launch campaign's Enamel Dutch Oven.
  const planted = [...PLANTED_PAIRS.flatMap((p) => [p.a, p.b]), 'Enamel Dutch Oven'];
  const advertisable = ctx.products.filter(
    (p) => p.index !== 0 && p.index !== 2 && !planted.some((title) => p.title.startsWith(title)),
  );
  const campaigns = account.campaigns.map((c, i) => ({
    id: c.id,
    name: c.name,
    productIndex: advertisable[i % advertisable.length]!.index,
    adIds: c.adGroups.flatMap((g) => adIdsOfGroup(account.platform, c.type, g.id)),
  }));
  const n = campaigns.length;
  const expected = new Float64Array(ctx.days * n);
  const { p, q, gamma } = ctx.config.gammaGamma;
  const meanBasketMinor = ((p * gamma) / (q - 1)) * 100;
  for (let d = 0; d < ctx.days; d += 1) {
    const date = dayToIso(ctx.startDay + d);
    const spend = truth.dailySpendMinor[date];
    if (!spend) continue;
    const rate = Number(truth.dailyRate[date] ?? '1');
    campaigns.forEach((campaign, c) => {
      const shopSpendMinor = (spend[campaign.id] ?? 0) * rate;
      expected[d * n + c] = (shopSpendMinor * TARGET_ROAS[c % TARGET_ROAS.length]!) / meanBasketMinor;
    });
  }
  return { campaigns, expected };
}

/** The day's expected TikTok orders over every campaign. */
export function tiktokOrdersExpectedOn(plan: TikTokOrderPlan, dayIndex: number): number {
  const n = plan.campaigns.length;
  let sum = 0;
  for (let c = 0; c < n; c += 1) sum += plan.expected[dayIndex * n + c]!;
  return sum;
}

/** The campaign a TikTok order of the day came from, drawn with the day's expected orders as weights. */
export function pickTikTokCampaign(
  plan: TikTokOrderPlan,
  rng: Rng,
  dayIndex: number,
): TikTokOrderPlan['campaigns'][number] {
  const n = plan.campaigns.length;
  return plan.campaigns[rng.weightedIndex(plan.expected.subarray(dayIndex * n, dayIndex * n + n))]!;
}

/** Sums the planted TikTok orders per campaign (revenue orders only) into `groundTruth.tiktokOrders`. */
export class TikTokTruthBuilder {
  private readonly byId: Map<string, TikTokCampaignOrders>;

  constructor(plan: TikTokOrderPlan) {
    this.byId = new Map(
      plan.campaigns.map((c) => [
        c.id,
        {
          campaignId: c.id,
          name: c.name,
          utmCampaign: c.name,
          orders: 0,
          revenueMinor: 0,
          ttclidJoinableOrders: 0,
        },
      ]),
    );
  }

  addOrder(order: DemoOrder): void {
    if (order.tiktokCampaignId === null) return;
    const truth = this.byId.get(order.tiktokCampaignId)!;
    truth.orders += 1;
    truth.revenueMinor += order.totalMinor;
    if (order.site?.joinBy) truth.ttclidJoinableOrders += 1;
  }

  finish(): TikTokOrdersTruth {
    const campaigns = [...this.byId.values()];
    return {
      orders: campaigns.reduce((s, c) => s + c.orders, 0),
      revenueMinor: campaigns.reduce((s, c) => s + c.revenueMinor, 0),
      campaigns,
      note: 'Guest orders planted from the TikTok account’s clicks (their own PRNG stream, decision 131): revenue orders (not test, not cancelled) whose last visit landed with utm_source=tiktok, utm_medium=paid_social, utm_campaign=<campaign name> and a ttclid. ttclidJoinableOrders: those whose tracker session one of the first-party fallbacks can find.',
    };
  }
}
