/**
 * Plants the store-level profit facts: dated cost history (a cost change on at least a third of
 * the variants, some twice), variant weights, the owner's shipping profiles, gateway fee rates and
 * rules, and custom expenses. Draws come from their own stream (`profit-plan`), so the orders,
 * refunds and amounts of the existing generator never move.
 */
import { dayToIso, parseIsoDay } from '../calendar.ts';
import type { DemoProduct, DemoVariant } from '../model.ts';
import { hashString, mixSeeds, Rng } from '../prng.ts';
import {
  type DemoCostPeriod,
  type DemoExpense,
  type DemoProfitPlan,
  type DemoShippingProfile,
  FEE_GATEWAY,
  RULE_GATEWAY,
} from './model.ts';

/** Grams per product type: [min, max] of a product's base weight. */
const WEIGHT_RANGES: Readonly<Record<string, [number, number]>> = {
  Kitchen: [180, 3_200],
  Tableware: [150, 1_400],
  Home: [120, 2_600],
  Accessories: [60, 420],
  'Gift Cards': [0, 0],
};

/** The owner's shipping profiles: what the carrier charges per destination and weight band. */
const SHIPPING_PROFILES: readonly DemoShippingProfile[] = [
  { country: 'US', minGrams: 0, maxGrams: 500, costMinor: 465 },
  { country: 'US', minGrams: 500, maxGrams: 2_000, costMinor: 790 },
  { country: 'US', minGrams: 2_000, maxGrams: null, costMinor: 1_295 },
  { country: 'CA', minGrams: 0, maxGrams: 1_000, costMinor: 1_420 },
  { country: 'CA', minGrams: 1_000, maxGrams: null, costMinor: 2_450 },
  { country: 'GB', minGrams: 0, maxGrams: 1_000, costMinor: 1_610 },
  { country: 'GB', minGrams: 1_000, maxGrams: null, costMinor: 2_875 },
  { country: '*', minGrams: 0, maxGrams: 1_000, costMinor: 1_890 },
  { country: '*', minGrams: 1_000, maxGrams: null, costMinor: 3_390 },
];

/** A cost change lands at least this many days after the start and before the end of the window. */
const CHANGE_MARGIN_DAYS = 14;

function plantCostHistory(
  rng: Rng,
  variants: readonly DemoVariant[],
  products: readonly DemoProduct[],
  startDay: number,
  days: number,
): DemoCostPeriod[][] {
  const startDate = dayToIso(startDay);
  const history: DemoCostPeriod[][] = variants.map((v) => [
    { effectiveFrom: startDate, costMinor: v.unitCostMinor },
  ]);
  const candidates = variants
    .filter((v) => products[v.productIndex]!.productType !== 'Gift Cards')
    .map((v) => v.index);
  // Fisher–Yates on the candidates; the first ⌈n/3⌉ (of all variants) change cost, every third of those twice.
  for (let i = candidates.length - 1; i > 0; i -= 1) {
    const j = rng.int(0, i);
    [candidates[i], candidates[j]] = [candidates[j]!, candidates[i]!];
  }
  const changing = candidates.slice(0, Math.ceil(variants.length / 3));
  changing.forEach((variantIndex, k) => {
    const changes = k % 3 === 0 ? 2 : 1;
    const offsets = new Set<number>();
    while (offsets.size < changes) offsets.add(rng.int(CHANGE_MARGIN_DAYS, days - 1 - CHANGE_MARGIN_DAYS));
    const periods = history[variantIndex]!;
    for (const offset of [...offsets].sort((a, b) => a - b)) {
      const previous = periods[periods.length - 1]!.costMinor;
      let next = Math.round(previous * rng.uniform(0.82, 1.22));
      if (next === previous) next += 25;
      periods.push({ effectiveFrom: dayToIso(startDay + offset), costMinor: next });
    }
  });
  return history;
}

function plantWeights(
  rng: Rng,
  variants: readonly DemoVariant[],
  products: readonly DemoProduct[],
): number[] {
  const base = products.map((p) => {
    const [min, max] = WEIGHT_RANGES[p.productType] ?? [100, 1_000];
    return rng.int(min, max);
  });
  return variants.map((v) => Math.round(base[v.productIndex]! * rng.uniform(0.9, 1.1)));
}

function plantExpenses(startDay: number, days: number): DemoExpense[] {
  const on = (offset: number) => dayToIso(startDay + Math.min(days - 1, offset));
  return [
    {
      name: 'Shopify plan and apps',
      kind: 'monthly',
      amountMinor: 39_900,
      percent: null,
      startsOn: on(0),
      endsOn: null,
    },
    {
      name: 'Packaging',
      kind: 'per_order',
      amountMinor: 135,
      percent: null,
      startsOn: on(Math.floor(days / 12)),
      endsOn: null,
    },
    {
      name: 'Affiliate commission',
      kind: 'percent_of_net_sales',
      amountMinor: null,
      percent: '2.5',
      startsOn: on(Math.floor(days / 4)),
      endsOn: on(Math.floor((days * 3) / 4)),
    },
    {
      name: 'Agency fee',
      kind: 'percent_of_ad_spend',
      amountMinor: null,
      percent: '12',
      startsOn: on(Math.floor(days / 2)),
      endsOn: null,
    },
  ];
}

/** Plants the store-level profit facts for a store window [startDate, startDate + days). */
export function plantProfitPlan(input: {
  seed: number;
  currency: string;
  timeZone: string;
  startDate: string;
  days: number;
  endInstantMs: number;
  variants: readonly DemoVariant[];
  products: readonly DemoProduct[];
}): DemoProfitPlan {
  const rng = new Rng(mixSeeds(input.seed, hashString('profit-plan')));
  const startDay = parseIsoDay(input.startDate);
  const costHistory = plantCostHistory(rng, input.variants, input.products, startDay, input.days);
  const weightsGrams = plantWeights(rng, input.variants, input.products);
  return {
    seed: input.seed,
    currency: input.currency,
    timeZone: input.timeZone,
    endInstantMs: input.endInstantMs,
    costHistory,
    weightsGrams,
    shippingProfiles: [...SHIPPING_PROFILES],
    feeGatewayRates: {
      domestic: { gateway: FEE_GATEWAY, percent: '2.9', fixedMinor: 30 },
      international: { gateway: FEE_GATEWAY, percent: '3.9', fixedMinor: 30 },
    },
    feeRules: [{ gateway: RULE_GATEWAY, percent: '3.49', fixedMinor: 49 }],
    expenses: plantExpenses(startDay, input.days),
  };
}

/** The variant's cost in force on a shop day (its first period before the history starts). */
export function costOnDay(plan: DemoProfitPlan, variantIndex: number, day: string): number {
  const periods = plan.costHistory[variantIndex]!;
  let cost = periods[0]!.costMinor;
  for (const period of periods) if (period.effectiveFrom <= day) cost = period.costMinor;
  return cost;
}

/** The shipping profile matching a destination and weight (an exact country first, then '*'). */
export function shippingProfileFor(
  plan: DemoProfitPlan,
  countryCode: string,
  weightGrams: number,
): DemoShippingProfile {
  const fits = (p: DemoShippingProfile) =>
    weightGrams >= p.minGrams && (p.maxGrams === null || weightGrams < p.maxGrams);
  const exact = plan.shippingProfiles.find((p) => p.country === countryCode && fits(p));
  const profile = exact ?? plan.shippingProfiles.find((p) => p.country === '*' && fits(p));
  if (!profile) throw new Error(`no shipping profile for ${countryCode} at ${weightGrams} g`);
  return profile;
}

/**
 * `percent`% of `amountMinor`, rounded half away from zero (decision 010), in exact integer
 * arithmetic on the percent's decimal digits. The generator's own arithmetic, kept apart from
 * src/core/profit so the ground truth is an independent check of it.
 */
export function percentOf(amountMinor: number, percent: string): number {
  const [whole = '0', fraction = ''] = percent.split('.');
  const scale = 100n * 10n ** BigInt(fraction.length);
  const product = BigInt(amountMinor) * BigInt(`${whole}${fraction}`);
  const magnitude = product < 0n ? -product : product;
  const rounded = (magnitude * 2n + scale) / (scale * 2n);
  return Number(product < 0n ? -rounded : rounded);
}
