import { logBeta } from '../../core/stats/log-beta.ts';
import { DAY_MS } from '../../shared/calendar.ts';
import { localToUtcMs, weekdayOf } from '../calendar.ts';
import type { MetaCampaign } from '../meta-model.ts';
import { DEMO_CHANNELS, type DemoChannel } from '../model-terms.ts';
import type { PlantedStockout } from '../truth-model.ts';
import { activeCampaigns } from './build-order.ts';
import { ACQUISITION_MIX, type Ctx, REPEAT_MIX, SHOP_TZ } from './context.ts';

// ---- Expected lost demand --------------------------------------------------------------------
// The realised lostUnits of a planted stock-out is one draw of who came on which day and what they
// put in their baskets. The functions below sum the process's own intensities and probabilities
// over the window instead, without drawing: given each customer's arrival (acquisition instant)
// and latent λ and p, they take expectations over the repeat-purchase times, the channel (and so
// the campaign landing page), the basket target and the catalogue picks. A customer's spend ν is
// taken from its Gamma(q, γ) prior like a guest's: ν is drawn independently of λ and p, so who is
// buying in the window says nothing about it.

/** Mean guest checkouts on day d (the Poisson mean of the extra-orders stream). */
export function guestMeanOn(ctx: Ctx, d: number): number {
  return (ctx.config.customers / ctx.days) * 0.06 * ctx.calendar.withinWeek[d]!;
}

/** Position of an instant in days from the window start (day index + fraction of the local day). */
export function dayPosition(ctx: Ctx, ms: number, dayIndex: number): number {
  return dayIndex + (ms - localToUtcMs(SHOP_TZ, ctx.startDay + dayIndex, 0)) / DAY_MS;
}

/** Regularised incomplete beta I_x(a, b) (Numerical Recipes §6.4, modified Lentz continued fraction). */
function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  if (x > (a + 1) / (a + b + 2)) return 1 - incompleteBeta(1 - x, b, a);
  const tiny = 1e-300;
  const clamp = (v: number) => (Math.abs(v) < tiny ? tiny : v);
  let c = 1;
  let d = 1 / clamp(1 - ((a + b) * x) / (a + 1));
  let h = d;
  for (let m = 1; m <= 500; m += 1) {
    const even = (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m));
    d = 1 / clamp(1 + even * d);
    c = clamp(1 + even / c);
    h *= d * c;
    const odd = (-(a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 / clamp(1 + odd * d);
    c = clamp(1 + odd / c);
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return (Math.exp(a * Math.log(x) + b * Math.log1p(-x) - logBeta(a, b)) * h) / a;
}

const gcd = (x: number, y: number): number => (y === 0 ? x : gcd(y, x % y));

/**
 * Expected units of each variant in `targets` per non-test basket, by how the basket starts: with
 * a random catalogue pick (`picked`) or with a campaign's landing variant (`landed`).
 *
 * buildOrder's basket: the first item is always taken; draws 2…12 pick variants by popularity and
 * stop at the first that would overshoot the target value T (total + price/2 > T). A draw of v
 * after items summing to S is taken iff T ≥ S + price(v)/2, which already implies every earlier
 * draw was taken (S grew), so E[units of v] = [first is v] + π(v) Σ_k E[P(T ≥ S_k + price(v)/2)]
 * over the k items before draw k + 1. S_k is a convolution of the pick distribution (prices share
 * a common divisor, so sums live on a grid); T = 100·X with X | ν ~ Gamma(p, ν), ν ~ Gamma(q, γ),
 * so X/γ is beta-prime(p, q) and P(X ≥ x) = I_{γ/(x+γ)}(q, p). Sums past the point where that
 * falls below 1e-6 are dropped: each of the ≤ 11 draws loses less than 1e-6 × π(v), so the
 * expectation is exact to ~1e-5 relative, and the grid stays small (~70k sums on the presets).
 */
function expectBasketUnits(ctx: Ctx, targets: readonly number[], landings: readonly number[]): BasketUnits {
  // The catalogue's prices and popularity do not depend on the seed, so stores of one preset share
  // the result (~0.1 s each otherwise).
  const key = JSON.stringify([
    ctx.config.gammaGamma,
    targets,
    landings,
    ctx.variants.map((v) => v.priceMinor),
    [...ctx.variantWeights],
  ]);
  const known = basketUnitsCache.get(key);
  if (known) return known;
  const computed = computeBasketUnits(ctx, targets, landings);
  if (basketUnitsCache.size >= 8) basketUnitsCache.clear();
  basketUnitsCache.set(key, computed);
  return computed;
}

interface BasketUnits {
  picked: Float64Array;
  landed: Map<number, Float64Array>;
}
const basketUnitsCache = new Map<string, BasketUnits>();

function computeBasketUnits(ctx: Ctx, targets: readonly number[], landings: readonly number[]): BasketUnits {
  const { p, q, gamma } = ctx.config.gammaGamma;
  const prices = ctx.variants.map((v) => v.priceMinor);
  const unit = prices.reduce((g, price) => gcd(g, price), 0);
  const reach = (dollars: number) => incompleteBeta(gamma / (dollars + gamma), q, p);
  let capDollars = (gamma * p) / Math.max(q - 1, 0.5);
  while (reach(capDollars) > 1e-6) capDollars *= 1.5;
  const size = Math.ceil((capDollars * 100) / unit) + 1;
  // survive[i] = P(T ≥ i·unit/2): half units, as a draw is judged at S + price/2. The incomplete
  // beta is exact but slow, so it anchors every 64th point and Simpson's rule on the beta-prime
  // density fills the points between from the anchor above (largest difference measured: 5e-15).
  const step = unit / 200;
  const logScale = q * Math.log(gamma) - logBeta(p, q);
  const density = (x: number) => Math.exp(logScale + (p - 1) * Math.log(x) - (p + q) * Math.log(x + gamma));
  const survive = new Float64Array(2 * size);
  for (let i = survive.length - 1, above = 0; i >= 0; i -= 1) {
    const x = i * step;
    if (i % 64 === 0 || i === survive.length - 1) survive[i] = reach(x);
    else survive[i] = survive[i + 1]! + (step / 6) * (density(x) + 4 * density(x + step / 2) + above);
    above = density(x);
  }
  const share = (v: number) => ctx.variantWeights[v]! / ctx.variantWeightTotal;
  // Pick distribution over prices (variants of one price are one step of the sum).
  const pick = new Map<number, number>();
  prices.forEach((price, v) => {
    pick.set(price / unit, (pick.get(price / unit) ?? 0) + share(v));
  });
  const pickUnits = [...pick.keys()].sort((x, y) => x - y);
  const pickShares = pickUnits.map((u) => pick.get(u)!);
  // E[P(T ≥ S_k + offset half units)] over the current distribution of S_k.
  const reachFrom = (sums: Float64Array, offset: number) => {
    let total = 0;
    for (let s = 0; 2 * s + offset < survive.length; s += 1) total += sums[s]! * survive[2 * s + offset]!;
    return total;
  };
  const picked = new Float64Array(targets.length);
  const landed = new Map(landings.map((l) => [l, new Float64Array(targets.length)]));
  let sums = new Float64Array(size);
  sums[0] = 1;
  for (let k = 0; k <= 11; k += 1) {
    // sums: distribution of S_k, the sum of k picks (in price units).
    targets.forEach((v, t) => {
      const half = prices[v]! / unit;
      // A picked start: the first item, then draw k + 1 after k items (draws 2…12).
      picked[t] = k === 0 ? share(v) : picked[t]! + share(v) * reachFrom(sums, half);
      // A landing start: the landing item, then draw k + 2 after it and k picks (draws 2…12).
      for (const l of landings) {
        const row = landed.get(l)!;
        const start = k === 0 ? (l === v ? 1 : 0) : row[t]!;
        row[t] = k <= 10 ? start + share(v) * reachFrom(sums, 2 * (prices[l]! / unit) + half) : start;
      }
    });
    if (k === 11) break;
    const next = new Float64Array(size);
    for (let s = 0; s < size; s += 1) {
      const mass = sums[s]!;
      if (mass === 0) continue;
      for (let j = 0; j < pickUnits.length && s + pickUnits[j]! < size; j += 1)
        next[s + pickUnits[j]!]! += mass * pickShares[j]!;
    }
    sums = next;
  }
  return { picked, landed };
}

/**
 * Expected purchase attempts per day, split by channel mix: first purchases and guests (the
 * acquisition mix) and repeat purchases (the repeat mix; filled only in `weeks`, by week start).
 * Repeats follow generateStore's purchase loop: in continuous time a customer buys at rate λ/7 a day while
 * alive and dies after a repeat with probability p, so the intensity at t is (λ/7)·e^{−λp(t−t₀)/7};
 * each raw day's mass is then spread over its calendar week by the within-week weights, as
 * placeInWeek does, never on or before the customer's first day. One simplification: a repeat's
 * earliest day is the previous purchase's day + 1, which only matters for two repeats of one
 * customer in the same week, and is taken from the first purchase alone.
 */
function expectAttempts(
  ctx: Ctx,
  acquisitionMs: readonly number[],
  acquisitionDay: readonly number[],
  weeks: readonly number[],
): { first: Float64Array; repeat: Float64Array } {
  const { days } = ctx;
  const first = new Float64Array(days);
  const repeat = new Float64Array(days);
  const weekOf = (d: number) => d - weekdayOf(ctx.startDay + d);
  for (let d = 0; d < days; d += 1) first[d] = guestMeanOn(ctx, d);
  acquisitionDay.forEach((d) => {
    first[d]! += 1;
  });
  const spread = (weekStart: number, minDay: number, mass: number, rawDay: number) => {
    let total = 0;
    for (let d = Math.max(weekStart, minDay, 0); d < Math.min(weekStart + 7, days); d += 1)
      total += ctx.calendar.withinWeek[d]!;
    if (total > 0) {
      for (let d = Math.max(weekStart, minDay, 0); d < Math.min(weekStart + 7, days); d += 1)
        repeat[d]! += (mass * ctx.calendar.withinWeek[d]!) / total;
      return;
    }
    let d = Math.max(rawDay, minDay);
    while (d < days && ctx.calendar.closed[d]) d += 1;
    if (d < days) repeat[d]! += mass;
  };
  const weekMass = new Map<number, number>();
  ctx.customers.forEach((customer, c) => {
    const firstDay = acquisitionDay[c]!;
    const t0 = dayPosition(ctx, acquisitionMs[c]!, firstDay);
    const rate = customer.lambdaPerWeek / 7;
    const decay = rate * customer.dropoutP;
    // Expected purchases with raw time in [a, b).
    const mass = (a: number, b: number) =>
      b <= a
        ? 0
        : decay * (b - a) < 1e-12
          ? rate * (b - a)
          : (Math.exp(-decay * (a - t0)) * -Math.expm1(-decay * (b - a))) / customer.dropoutP;
    for (const weekStart of weeks) {
      const from = Math.max(weekStart, t0);
      const to = Math.min(weekStart + 7, days);
      if (to <= from) continue;
      if (weekOf(firstDay) !== weekStart) {
        weekMass.set(weekStart, (weekMass.get(weekStart) ?? 0) + mass(from, to));
        continue;
      }
      // The first purchase's week: repeats land after the first day, per raw day for the fallback.
      for (let k = firstDay; k < to; k += 1) spread(weekStart, firstDay + 1, mass(Math.max(k, t0), k + 1), k);
    }
  });
  for (const [weekStart, total] of weekMass) spread(weekStart, 0, total, weekStart);
  return { first, repeat };
}

/** Fills expectedLostUnits and expectedLostRevenueMinor of every planted stock-out. */
export function expectLostDemand(
  ctx: Ctx,
  stockouts: PlantedStockout[],
  acquisitionMs: readonly number[],
  acquisitionDay: readonly number[],
): void {
  const windows = stockouts.map(
    (s) => ctx.stockoutWindows.get(s.variantIndex)!.find((w) => stockouts[w.truth] === s)!,
  );
  const weeks = new Set<number>();
  for (const w of windows) {
    // From the week before (a repeat can be pushed into the next week) to the window's last week.
    const last = w.end - weekdayOf(ctx.startDay + w.end);
    for (let week = w.start - weekdayOf(ctx.startDay + w.start) - 7; week <= last; week += 7) weeks.add(week);
  }
  const attempts = expectAttempts(ctx, acquisitionMs, acquisitionDay, [...weeks]);
  const landingOf = (campaign: MetaCampaign) =>
    campaign.productIndex === null ? -1 : ctx.products[campaign.productIndex]!.variantIndexes[0]!;
  const landings = [...new Set(ctx.campaigns.map(landingOf).filter((v) => v >= 0))];
  const targets = stockouts.map((s) => s.variantIndex);
  const basket = expectBasketUnits(ctx, targets, landings);
  const metaShare = (mix: Record<DemoChannel, number>) =>
    mix.meta_ads / DEMO_CHANNELS.reduce((sum, c) => sum + mix[c], 0);
  stockouts.forEach((s, t) => {
    const w = windows[t]!;
    let units = 0;
    for (let d = w.start; d <= w.end; d += 1) {
      // A Meta order picks an active campaign by weight; a product campaign fixes the first item.
      const active = activeCampaigns(ctx, d);
      const weightSum = active.reduce((sum, c) => sum + ctx.campaignWindows[c]!.weight, 0);
      const perBasket = (meta: number) => {
        let rest = 1;
        let value = 0;
        for (const c of active) {
          const l = landingOf(ctx.campaigns[c]!);
          if (l < 0) continue;
          const chance = (meta * ctx.campaignWindows[c]!.weight) / weightSum;
          value += chance * basket.landed.get(l)![t]!;
          rest -= chance;
        }
        return value + rest * basket.picked[t]!;
      };
      units +=
        attempts.first[d]! * perBasket(metaShare(ACQUISITION_MIX)) +
        attempts.repeat[d]! * perBasket(metaShare(REPEAT_MIX));
    }
    const price = ctx.variants[s.variantIndex]!.priceMinor;
    s.expectedLostUnits = Math.round(units * 100) / 100;
    s.expectedLostRevenueMinor = Math.round(units * price);
  });
}
