/** Customers and their acquisition instants (pass 1's population), and where a purchase lands in its week. */
import { localToUtcMs, weekdayOf } from '../calendar.ts';
import { COUNTRIES, FIRST_NAMES, LAST_NAMES } from '../catalog.ts';
import { DEMO_CHANNELS } from '../model-terms.ts';
import { hashString, mixSeeds, Rng } from '../prng.ts';
import { HOUR_WEIGHTS } from '../seasonality.ts';
import { ACQUISITION_WEIGHTS, type Ctx, SHOP_TZ } from './context.ts';

export function drawSecondOfDay(rng: Rng): number {
  const hour = rng.weightedIndex(HOUR_WEIGHTS);
  return hour * 3600 + rng.int(0, 3599);
}

/** Moves a purchase inside its calendar week (Sun–Sat) by the within-week weights; never before `minDay`. */
export function placeInWeek(ctx: Ctx, rng: Rng, dayIndex: number, minDay: number): number {
  const weekStart = dayIndex - weekdayOf(ctx.startDay + dayIndex);
  let total = 0;
  const weights: number[] = [];
  for (let k = 0; k < 7; k += 1) {
    const d = weekStart + k;
    const w = d < minDay || d < 0 || d >= ctx.days ? 0 : ctx.calendar.withinWeek[d]!;
    weights.push(w);
    total += w;
  }
  if (total <= 0) {
    let d = Math.max(dayIndex, minDay);
    while (d < ctx.days && ctx.calendar.closed[d]) d += 1;
    return d;
  }
  return weekStart + rng.weightedIndex(weights, total);
}

export function buildCustomers(
  ctx: Ctx,
  seed: number,
): { acquisitionMs: number[]; acquisitionDay: number[] } {
  const acquisitionMs: number[] = [];
  const acquisitionDay: number[] = [];
  const n = ctx.config.customers;
  const cdf = new Float64Array(ctx.days);
  let acc = 0;
  for (let d = 0; d < ctx.days; d += 1) {
    acc += ctx.calendar.weight[d]!;
    cdf[d] = acc;
  }
  const acquisitions: { raw: number; ms: number; day: number }[] = [];
  for (let k = 0; k < n; k += 1) {
    const rng = new Rng(mixSeeds(seed, hashString('acquire'), k));
    const target = rng.next() * acc;
    let lo = 0;
    let hi = ctx.days - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! <= target) lo = mid + 1;
      else hi = mid;
    }
    const ms = localToUtcMs(SHOP_TZ, ctx.startDay + lo, drawSecondOfDay(rng));
    acquisitions.push({ raw: k, ms, day: lo });
  }
  acquisitions.sort((x, y) => x.ms - y.ms || x.raw - y.raw);
  const { r, alpha, a, b } = ctx.config.bgnbd;
  const { q, gamma } = ctx.config.gammaGamma;
  const countryWeights = COUNTRIES.map((c) => c.share);
  const seen = new Map<string, number>();
  acquisitions.forEach((acq, index) => {
    const rng = new Rng(mixSeeds(seed, hashString('customer'), acq.raw));
    const country = COUNTRIES[rng.weightedIndex(countryWeights)]!;
    const region = rng.pick(country.regions);
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const base = `${firstName}.${lastName}`.toLowerCase();
    const dup = seen.get(base) ?? 0;
    seen.set(base, dup + 1);
    const legacyId = 7_400_000_000_000 + index * 11;
    const createdAtMs = acq.ms - rng.int(30, 600) * 1000;
    ctx.customers.push({
      index,
      legacyId,
      id: `gid://shopify/Customer/${legacyId}`,
      firstName,
      lastName,
      email: `${base}${dup === 0 ? '' : dup}@example.com`,
      countryCode: country.code,
      province: region.province,
      provinceCode: region.provinceCode,
      city: region.city,
      zip: region.zip,
      address1: `${rng.int(1, 999)} ${rng.pick(['Maple', 'Oak', 'Cedar', 'Elm', 'Harbor', 'Mill'])} ${rng.pick(['Street', 'Avenue', 'Road', 'Lane'])}`,
      phone: country.code === 'US' ? `+1212555${String(rng.int(0, 9999)).padStart(4, '0')}` : '',
      currency: country.currency,
      acquisitionChannel: DEMO_CHANNELS[rng.weightedIndex(ACQUISITION_WEIGHTS)]!,
      createdAtMs,
      updatedAtMs: createdAtMs,
      numberOfOrders: 0,
      amountSpentMinor: 0,
      lambdaPerWeek: rng.gamma(r, alpha),
      dropoutP: rng.beta(a, b),
      spendNu: rng.gamma(q, gamma),
    });
    acquisitionMs.push(acq.ms);
    acquisitionDay.push(acq.day);
  });
  return { acquisitionMs, acquisitionDay };
}
