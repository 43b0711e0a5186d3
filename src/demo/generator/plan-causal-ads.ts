/**
 * Ad-driven acquisition of the `causal` preset (issue #41 item 5, decision 136). Each paid channel's
 * spend follows its budget flights (ad-platforms/plan-causal-flights.ts), planned before any order
 * and never sized from sales, and causes on each shop day a Poisson number of orders with mean
 *
 *     effect × Hill(adstock(spend)),   adstock geometric over shop days, Hill on the adstocked spend
 *
 * (the model's own curves: core/measurement/geometric-adstock.ts and hill-saturation.ts), on top of
 * the small store's orders, which do not depend on spend. The effect is sized so that the channel's
 * expected incremental net sales over the window are its target ROAS × its spend at the model's mean
 * basket; the truth then states what was realised (orders, net sales, ROAS, share). Meta's and
 * Google's caused orders are guest orders of their own stream, arriving by whatever channel their
 * journey draws (an ad that causes an order is not always the click before it); TikTok's are the
 * TikTok-driven orders of decision 131, now sized by this curve.
 */
import { geometricAdstock } from '../../core/measurement/geometric-adstock.ts';
import { hillSaturation } from '../../core/measurement/hill-saturation.ts';
import type { AdAccountTruth } from '../ad-platforms/ad-platform-truth.ts';
import { type CausalChannelKey, causalFlights } from '../ad-platforms/plan-causal-flights.ts';
import { dayToIso } from '../calendar.ts';
import type { DemoOrder } from '../model.ts';
import { hashString, mixSeeds, Rng } from '../prng.ts';
import type { MmmChannelTruth, MmmTruth } from '../truth-model.ts';
import {
  CAMPAIGN_PLANS,
  type CausalChannelSpec,
  type CausalPlan,
  type Ctx,
  type TikTokOrderPlan,
} from './context.ts';

/** Days of adstock carried over: the model's own window (91 days, build-mmm-design.ts). */
const MAX_LAG = 91;

/** A Meta campaign's usual daily budget in the preset when its plan sizes it from sales elsewhere. */
const META_BUDGET_MINOR = 8_000;

/**
 * The planted channels: Meta carries over for days and bends late (S-shaped), Google answers the
 * same day or two and pays best, TikTok carries over longest, saturates early and does not pay:
 * a budget move out of TikTok into Google is what the truth says pays.
 */
export const CAUSAL_CHANNELS: readonly CausalChannelSpec[] = [
  { key: 'meta', name: 'Meta', decay: 0.6, shape: 1.5, halfSaturationOfMeanSpend: 1, targetRoas: 1.8 },
  {
    key: 'google_ads',
    name: 'Google Ads',
    decay: 0.3,
    shape: 1,
    halfSaturationOfMeanSpend: 0.8,
    targetRoas: 3.2,
  },
  {
    key: 'tiktok_ads',
    name: 'TikTok Ads',
    decay: 0.7,
    shape: 2.2,
    halfSaturationOfMeanSpend: 0.6,
    targetRoas: 0.7,
  },
];

/**
 * Plans Meta's spend from the flights (after planCampaigns) and each channel's expected caused
 * orders per day; Google's and TikTok's spend are their accounts' (planned with the same flights).
 */
export function planCausalAds(
  ctx: Pick<Ctx, 'config' | 'days' | 'startDay' | 'campaigns' | 'campaignWindows'>,
  ads: { google_ads: AdAccountTruth; tiktok_ads: AdAccountTruth },
): CausalPlan {
  const { days } = ctx;
  const flights = causalFlights(ctx.config.seed, days);
  const rng = new Rng(mixSeeds(ctx.config.seed, hashString('causal-meta-spend')));
  const metaSpendMinor = new Float64Array(ctx.campaigns.length * days);
  ctx.campaigns.forEach((campaign, c) => {
    const base = CAMPAIGN_PLANS[c]!.fixedDailyBudgetMinor || META_BUDGET_MINOR;
    campaign.dailyBudgetMinor = base;
    const window = ctx.campaignWindows[c]!;
    for (let d = window.start; d <= window.stop; d += 1) {
      metaSpendMinor[c * days + d] = Math.round(base * flights.meta[d]! * rng.uniform(0.86, 1.03));
    }
  });
  const shopSpend = (key: CausalChannelKey): Float64Array => {
    const spend = new Float64Array(days);
    for (let d = 0; d < days; d += 1) {
      if (key === 'meta') {
        for (let c = 0; c < ctx.campaigns.length; c += 1) spend[d]! += metaSpendMinor[c * days + d]! / 100;
      } else spend[d] = (ads[key].dailyShopSpendMinor[dayToIso(ctx.startDay + d)] ?? 0) / 100;
    }
    return spend;
  };
  const { p, q, gamma } = ctx.config.gammaGamma;
  const meanBasket = (p * gamma) / (q - 1);
  const channels = CAUSAL_CHANNELS.map((spec) => {
    const spend = shopSpend(spec.key);
    const total = spend.reduce((s, x) => s + x, 0);
    const halfSaturation = (spec.halfSaturationOfMeanSpend * total) / days;
    const curve = geometricAdstock([...spend], spec.decay, MAX_LAG).map((a) =>
      hillSaturation(a, halfSaturation, spec.shape),
    );
    const effect = (spec.targetRoas * total) / (curve.reduce((s, h) => s + h, 0) * meanBasket);
    return { spec, spend, expected: Float64Array.from(curve, (h) => effect * h), halfSaturation, effect };
  });
  return { metaSpendMinor, channels };
}

/** The TikTok-driven orders' plan (decision 131) with this curve's expected orders, spread over the campaigns by the day's spend. */
export function causalTikTokOrders(
  plan: TikTokOrderPlan,
  causal: CausalPlan,
  tiktok: AdAccountTruth,
  startDay: number,
): TikTokOrderPlan {
  const n = plan.campaigns.length;
  const expected = new Float64Array(plan.expected.length);
  const caused = causal.channels.find((c) => c.spec.key === 'tiktok_ads')!.expected;
  for (let d = 0; d < caused.length; d += 1) {
    const byCampaign = tiktok.dailySpendMinor[dayToIso(startDay + d)] ?? {};
    const total = plan.campaigns.reduce((s, c) => s + (byCampaign[c.id] ?? 0), 0);
    if (total === 0) continue;
    plan.campaigns.forEach((c, i) => {
      expected[d * n + i] = (caused[d]! * (byCampaign[c.id] ?? 0)) / total;
    });
  }
  return { campaigns: plan.campaigns, expected };
}

/** Net sales of a revenue order as the model's target counts them: gross − discounts − returns. */
export function orderNetSalesMinor(order: DemoOrder): number {
  const gross = order.lineItems.reduce((s, l) => s + l.unitPriceMinor * l.quantity, 0);
  const returned = order.refunds.reduce((s, r) => s + r.lines.reduce((t, l) => t + l.subtotalMinor, 0), 0);
  return gross - order.discountMinor - returned;
}

/** Sums what each channel caused, and every revenue order's net sales, into `groundTruth.mmm`. */
export class MmmTruthBuilder {
  private readonly orders: number[];
  private readonly netSales: number[];
  private allNetSales = 0;

  constructor(private readonly plan: CausalPlan) {
    this.orders = plan.channels.map(() => 0);
    this.netSales = plan.channels.map(() => 0);
  }

  /** Every revenue order (not test, not cancelled), with the channel whose spend caused it, if any. */
  addOrder(order: DemoOrder, causedBy: CausalChannelKey | null): void {
    const net = orderNetSalesMinor(order);
    this.allNetSales += net;
    if (causedBy === null) return;
    const c = this.plan.channels.findIndex((x) => x.spec.key === causedBy);
    this.orders[c]! += 1;
    this.netSales[c]! += net;
  }

  finish(): MmmTruth {
    const caused = this.netSales.reduce((s, x) => s + x, 0);
    const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
    const channels: MmmChannelTruth[] = this.plan.channels.map((channel, c) => {
      const spendMinor = Math.round(channel.spend.reduce((s, x) => s + x, 0) * 100);
      return {
        name: channel.spec.name,
        adstock: {
          kind: 'geometric',
          decay: channel.spec.decay,
          decayPerWeek: round(channel.spec.decay ** 7, 6),
          maxLag: MAX_LAG,
        },
        saturation: {
          kind: 'hill',
          halfSaturation: round(channel.halfSaturation, 2),
          shape: channel.spec.shape,
        },
        effect: round(channel.effect, 4),
        spendMinor,
        orders: this.orders[c]!,
        netSalesMinor: this.netSales[c]!,
        roas: spendMinor > 0 ? round(this.netSales[c]! / spendMinor, 4) : 0,
        contributionShare: caused > 0 ? round(this.netSales[c]! / caused, 4) : 0,
      };
    });
    return {
      channels,
      netSalesMinor: this.allNetSales,
      note: 'Incremental orders per shop day ~ Poisson(effect × Hill(geometric adstock of the day’s spend in shop major units; halfSaturation in the same units a day)), on top of orders that do not depend on spend (decision 136). roas and contributionShare are realised: the caused revenue orders’ net sales (gross − discounts − returns, as the Measurement page’s target) over the channel’s spend, and over every channel’s caused net sales. A weekly model’s adstock and half-saturation are in weeks: decayPerWeek = decay^7.',
    };
  }
}
