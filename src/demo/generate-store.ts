/**
 * The seeded demo-store generator. `generateStore({ seed, preset, endDate })` is a pure function
 * of its inputs (no Math.random, no clock): the same inputs give the same store, byte for byte.
 *
 * How it works, in two passes so the large preset (~1M orders) stays small in memory:
 * 1. Per customer (each with its own sub-seeded stream): acquisition day drawn from the demand
 *    calendar, latent λ ~ Gamma(r, α) and p ~ Beta(a, b) (BG/NBD, weeks), ν ~ Gamma(q, γ)
 *    (Gamma-Gamma). Repeat purchases follow the BG/NBD process exactly in continuous time; each is
 *    then moved inside its calendar week by the weekday/holiday/closed-day weights (≤ 6 days).
 *    Every purchase gets its own 32-bit seed; `buildOrder` turns (customer, time, seed) into the
 *    full order (basket, discount, tax, shipping, currency, refunds, journey…). Pass 1 keeps only
 *    compact typed arrays plus aggregates (daily per channel, per variant, per campaign).
 * 2. Orders are sorted by creation time (numbers #1001… follow it) and materialised on demand by
 *    re-running `buildOrder` with the same seed. Inventory, GA4 and Meta are derived from the
 *    aggregates, and the ground truth is written down.
 */

import { logBeta } from '../core/stats/log-beta.ts';
import { DAY_MS } from '../shared/calendar.ts';
import { dayToIso, formatZoned, localToUtcMs, parseIsoDay, weekdayOf } from './calendar.ts';
import { buildCatalog, COUNTRIES, FIRST_NAMES, LAST_NAMES } from './catalog.ts';
import { EventColumns, type OrderEvent } from './event-columns.ts';
import type {
  CampaignTruth,
  ChannelTruth,
  DemoChannel,
  DemoCustomer,
  DemoJourney,
  DemoLineItem,
  DemoOrder,
  DemoRefund,
  DemoStore,
  DemoVisit,
  FinancialStatus,
  FulfillmentStatus,
  Ga4Facts,
  GenerateOptions,
  GroundTruth,
  InventoryHistory,
  MetaCampaign,
  MetaDailyRow,
  PlantedStockout,
  StoreConfig,
} from './model.ts';
import { DEMO_CHANNELS } from './model.ts';
import { convertMinor, usdRateOn } from './money.ts';
import { DEFAULT_END_DATE, resolvePreset } from './presets.ts';
import { hashString, mixSeeds, Rng } from './prng.ts';
import { plantProfitPlan } from './profit/plan.ts';
import { ProfitTruthBuilder } from './profit/truth.ts';
import { buildDemandCalendar, type DemandCalendar, HOUR_WEIGHTS } from './seasonality.ts';

const SHOP_TZ = 'America/New_York';
const SHOP_CURRENCY = 'USD';
export const DEMO_SHOP_DOMAIN = 'upside-demo.myshopify.com';

const ACQUISITION_MIX: Record<DemoChannel, number> = {
  meta_ads: 0.27,
  google_ads: 0.2,
  google_organic: 0.2,
  email: 0.06,
  direct: 0.17,
  referral: 0.1,
};
const REPEAT_MIX: Record<DemoChannel, number> = {
  meta_ads: 0.12,
  google_ads: 0.1,
  google_organic: 0.1,
  email: 0.34,
  direct: 0.28,
  referral: 0.06,
};

const COUNTRY_WEIGHTS = COUNTRIES.map((c) => c.share);
const ACQUISITION_WEIGHTS = DEMO_CHANNELS.map((c) => ACQUISITION_MIX[c]);
const REPEAT_WEIGHTS = DEMO_CHANNELS.map((c) => REPEAT_MIX[c]);

/** Share of store orders the GA4 tag records (ad blockers and consent refusals hide the rest). */
const GA4_TRACKED_SHARE = 0.84;

interface CampaignPlan {
  name: string;
  status: 'ACTIVE' | 'PAUSED';
  objective: string;
  role: CampaignTruth['role'];
  /** Days before the end date: delivery window. */
  startOffset: number;
  stopOffset: number;
  /** Share weight among Meta-channel orders on an active day. */
  weight: number;
  /** Target true ROAS used to size the budget; null = fixed budget (the wasteful campaign). */
  targetRoas: number | null;
  fixedDailyBudgetMinor: number;
  cpm: number;
  ctr: number;
}

const CAMPAIGN_PLANS: readonly CampaignPlan[] = [
  {
    name: 'Prospecting – Best Sellers',
    status: 'ACTIVE',
    objective: 'OUTCOME_SALES',
    role: 'regular',
    startOffset: 100_000,
    stopOffset: 0,
    weight: 0.36,
    targetRoas: 1.9,
    fixedDailyBudgetMinor: 0,
    cpm: 11,
    ctr: 0.011,
  },
  {
    name: 'Retargeting – Cart Abandoners',
    status: 'ACTIVE',
    objective: 'OUTCOME_SALES',
    role: 'high_roas',
    startOffset: 100_000,
    stopOffset: 0,
    weight: 0.34,
    targetRoas: 6.2,
    fixedDailyBudgetMinor: 0,
    cpm: 16,
    ctr: 0.021,
  },
  {
    name: 'Broad Awareness – Video Reach',
    status: 'ACTIVE',
    objective: 'OUTCOME_AWARENESS',
    role: 'wasteful',
    startOffset: 150,
    stopOffset: 0,
    weight: 0.025,
    targetRoas: null,
    fixedDailyBudgetMinor: 14_000,
    cpm: 6,
    ctr: 0.006,
  },
  {
    name: 'Launch – Enamel Dutch Oven',
    status: 'ACTIVE',
    objective: 'OUTCOME_TRAFFIC',
    role: 'out_of_stock_traffic',
    startOffset: 70,
    stopOffset: 0,
    weight: 0.22,
    targetRoas: 2.4,
    fixedDailyBudgetMinor: 0,
    cpm: 12,
    ctr: 0.014,
  },
  {
    name: 'Summer Sale – Tableware',
    status: 'PAUSED',
    objective: 'OUTCOME_SALES',
    role: 'regular',
    startOffset: 150 + 120,
    stopOffset: 150 + 60,
    weight: 0.3,
    targetRoas: 2.2,
    fixedDailyBudgetMinor: 0,
    cpm: 10,
    ctr: 0.012,
  },
  {
    name: 'Spring Refresh – Home',
    status: 'PAUSED',
    objective: 'OUTCOME_SALES',
    role: 'regular',
    startOffset: 230 + 60,
    stopOffset: 230,
    weight: 0.25,
    targetRoas: 1.4,
    fixedDailyBudgetMinor: 0,
    cpm: 10,
    ctr: 0.01,
  },
];

interface Ctx {
  config: StoreConfig;
  startDay: number;
  endDay: number;
  days: number;
  endInstantMs: number;
  calendar: DemandCalendar;
  products: DemoStore['products'];
  variants: DemoStore['variants'];
  variantWeights: Float64Array;
  variantWeightTotal: number;
  customers: DemoCustomer[];
  campaigns: MetaCampaign[];
  campaignWindows: { start: number; stop: number; weight: number }[];
  /** Per variant: [startIdx, endIdx] inclusive day-index windows when it is out of stock. */
  stockoutWindows: Map<number, { start: number; end: number; truth: number }[]>;
  productPages: number[];
}

interface BuiltOrder {
  order: DemoOrder | null;
  lost: { variantIndex: number; quantity: number; dayIndex: number }[];
}

const DISCOUNT_CODES = { welcome: 'WELCOME10', peak: 'BFCM25', generic: 'SAVE15' } as const;

function channelVisit(
  ctx: Ctx,
  rng: Rng,
  channel: DemoChannel,
  atMs: number,
  landing: string,
  campaign: MetaCampaign | null,
): DemoVisit {
  const utm = { source: null, medium: null, campaign: null, content: null, term: null } as DemoVisit['utm'];
  let source = 'direct';
  let sourceType = 'DIRECT';
  let referrerUrl: string | null = null;
  switch (channel) {
    case 'meta_ads':
      source = 'facebook';
      sourceType = 'SOCIAL';
      referrerUrl = rng.chance(0.6) ? 'https://l.facebook.com/' : 'https://l.instagram.com/';
      utm.source = 'facebook';
      utm.medium = 'paid_social';
      utm.campaign = campaign?.name ?? 'meta';
      utm.content = campaign ? `ad_${campaign.id.slice(-4)}` : null;
      break;
    case 'google_ads':
      source = 'google';
      sourceType = 'SEARCH';
      referrerUrl = 'https://www.google.com/';
      utm.source = 'google';
      utm.medium = 'cpc';
      utm.campaign = rng.chance(0.5) ? 'Search – Brand' : 'Shopping – All Products';
      utm.term = rng.pick([
        'stoneware mug',
        'linen apron',
        'upside demo goods',
        'ceramic plates',
        'wool throw',
      ]);
      break;
    case 'google_organic':
      source = 'google';
      sourceType = 'SEARCH';
      referrerUrl = 'https://www.google.com/';
      break;
    case 'email':
      source = 'klaviyo';
      sourceType = 'EMAIL';
      utm.source = 'klaviyo';
      utm.medium = 'email';
      utm.campaign = rng.pick(['Weekly Journal', 'New Arrivals', 'Win-back 60d', 'Abandoned Cart']);
      break;
    case 'referral':
      source = 'theeverydaykitchen.example';
      sourceType = 'REFERRAL';
      referrerUrl = 'https://theeverydaykitchen.example/best-kitchen-gifts';
      break;
    case 'direct':
      break;
  }
  void ctx;
  return { occurredAtMs: atMs, source, sourceType, referrerUrl, landingPage: landing, utm, channel };
}

function pickVariant(ctx: Ctx, rng: Rng): number {
  return rng.weightedIndex(ctx.variantWeights, ctx.variantWeightTotal);
}

function isOutOfStock(ctx: Ctx, variantIndex: number, dayIndex: number): number {
  const windows = ctx.stockoutWindows.get(variantIndex);
  if (!windows) return -1;
  for (const window of windows) if (dayIndex >= window.start && dayIndex <= window.end) return window.truth;
  return -1;
}

function activeCampaigns(ctx: Ctx, dayIndex: number): number[] {
  const active: number[] = [];
  for (let c = 0; c < ctx.campaignWindows.length; c += 1) {
    const w = ctx.campaignWindows[c]!;
    if (dayIndex >= w.start && dayIndex <= w.stop) active.push(c);
  }
  return active;
}

/**
 * Turns one purchase event into a full order. Pure in (ctx, event): pass 1 and on-demand
 * materialisation call it with the same event and get the same order.
 */
function buildOrder(ctx: Ctx, ev: OrderEvent, index: number): BuiltOrder {
  const rng = new Rng(ev.seed);
  const customer = ev.kind === 0 ? ctx.customers[ev.customerIndex]! : null;
  const isTest = ev.kind === 2;
  const countryRng = customer ? null : rng.weightedIndex(COUNTRY_WEIGHTS);
  const country = customer
    ? (COUNTRIES.find((c) => c.code === customer.countryCode) ?? COUNTRIES[0]!)
    : COUNTRIES[isTest ? 0 : (countryRng ?? 0)]!;
  const channel: DemoChannel = isTest
    ? 'direct'
    : ev.ordinal === 0 && customer
      ? customer.acquisitionChannel
      : DEMO_CHANNELS[rng.weightedIndex(ev.ordinal === 0 ? ACQUISITION_WEIGHTS : REPEAT_WEIGHTS)]!;
  let finalChannel = channel;
  let campaign: MetaCampaign | null = null;
  if (channel === 'meta_ads') {
    const active = activeCampaigns(ctx, ev.dayIndex);
    if (active.length === 0) finalChannel = 'google_organic';
    else {
      const pick = active[rng.weightedIndex(active.map((c) => ctx.campaignWindows[c]!.weight))]!;
      campaign = ctx.campaigns[pick]!;
    }
  }

  // Basket: target value from Gamma-Gamma, built from catalogue prices.
  const nu = customer ? customer.spendNu : rng.gamma(ctx.config.gammaGamma.q, ctx.config.gammaGamma.gamma);
  const targetMinor = isTest ? 100 : rng.gamma(ctx.config.gammaGamma.p, nu) * 100;
  const wanted = new Map<number, number>();
  let wantedTotal = 0;
  let landingVariant = -1;
  if (campaign?.productIndex != null) {
    landingVariant = ctx.products[campaign.productIndex]!.variantIndexes[0]!;
  } else if (!isTest && (finalChannel === 'google_ads' || rng.chance(0.35))) {
    landingVariant = pickVariant(ctx, rng);
  }
  let guard = 0;
  while (guard < 12) {
    guard += 1;
    const v = guard === 1 && landingVariant >= 0 ? landingVariant : pickVariant(ctx, rng);
    const price = ctx.variants[v]!.priceMinor;
    if (guard > 1 && wantedTotal + price / 2 > targetMinor) break;
    wanted.set(v, (wanted.get(v) ?? 0) + 1);
    wantedTotal += price;
    if (isTest) break;
  }
  const lost: BuiltOrder['lost'] = [];
  const lines: { variantIndex: number; quantity: number }[] = [];
  for (const [variantIndex, quantity] of wanted) {
    if (!isTest && isOutOfStock(ctx, variantIndex, ev.dayIndex) >= 0) {
      lost.push({ variantIndex, quantity, dayIndex: ev.dayIndex });
    } else {
      lines.push({ variantIndex, quantity });
    }
  }
  if (lines.length === 0) return { order: null, lost };

  const rate = usdRateOn(customer?.currency ?? country.currency, ev.dayIndex + ctx.startDay);
  const presentment = isTest ? SHOP_CURRENCY : (customer?.currency ?? country.currency);
  const peakDay = ctx.calendar.withinWeek[ev.dayIndex]! > 1.3;
  let discountCode: string | null = null;
  let discountRate = 0;
  if (!isTest) {
    if (ev.ordinal === 0 && rng.chance(0.22)) {
      discountCode = DISCOUNT_CODES.welcome;
      discountRate = 0.1;
    } else if (peakDay && rng.chance(0.45)) {
      discountCode = DISCOUNT_CODES.peak;
      discountRate = 0.25;
    } else if (rng.chance(0.07)) {
      discountCode = DISCOUNT_CODES.generic;
      discountRate = 0.15;
    }
  }
  const legacyId = 5_200_000_000_000 + index * 13;
  const lineItems: DemoLineItem[] = lines.map((line, k) => {
    const variant = ctx.variants[line.variantIndex]!;
    const product = ctx.products[variant.productIndex]!;
    const lineLegacy = 13_900_000_000_000 + index * 16 + k;
    const gross = variant.priceMinor * line.quantity;
    return {
      legacyId: lineLegacy,
      id: `gid://shopify/LineItem/${lineLegacy}`,
      variantIndex: line.variantIndex,
      title: product.title,
      variantTitle: variant.title,
      sku: variant.sku,
      quantity: line.quantity,
      unitPriceMinor: variant.priceMinor,
      unitPricePresentmentMinor: convertMinor(variant.priceMinor, SHOP_CURRENCY, presentment, rate),
      discountMinor: Math.round(gross * discountRate),
    };
  });
  const subtotalGross = lineItems.reduce((sum, l) => sum + l.unitPriceMinor * l.quantity, 0);
  const discountMinor = lineItems.reduce((sum, l) => sum + l.discountMinor, 0);
  const subtotalMinor = subtotalGross - discountMinor;
  const domestic = country.code === 'US';
  const shippingMinor = isTest
    ? 0
    : domestic
      ? subtotalMinor >= 7_500
        ? 0
        : 599
      : subtotalMinor >= 15_000
        ? 0
        : 1_499;
  const taxMinor = Math.round(subtotalMinor * country.taxRate);
  const totalMinor = subtotalMinor + shippingMinor + taxMinor;

  const created = ev.createdAtMs;
  const end = ctx.endInstantMs;
  let cancelledAtMs: number | null = null;
  let cancelReason: string | null = null;
  const refunds: DemoRefund[] = [];
  let financial: FinancialStatus = 'PAID';
  const ageDays = (end - created) / DAY_MS;
  let updatedAtMs = created + rng.int(60, 900) * 1000;
  if (!isTest && rng.chance(0.015)) {
    const at = created + rng.uniform(0.5, 30) * 3_600_000;
    if (at <= end) {
      cancelledAtMs = at;
      cancelReason = rng.pick(['CUSTOMER', 'INVENTORY', 'FRAUD', 'DECLINED']);
      financial = 'VOIDED';
      updatedAtMs = Math.max(updatedAtMs, at);
    }
  }
  let refundedMinor = 0;
  if (cancelledAtMs === null && !isTest) {
    const roll = rng.next();
    const refundAt = created + rng.uniform(3, 25) * DAY_MS;
    if (roll < 0.08 && refundAt <= end) {
      const full = roll < 0.03;
      const refundLegacy = 950_000_000_000 + index * 4;
      let refundLines: DemoRefund['lines'];
      let total: number;
      if (full) {
        refundLines = lineItems.map((l, i) => ({
          lineItemIndex: i,
          quantity: l.quantity,
          subtotalMinor: l.unitPriceMinor * l.quantity - l.discountMinor,
        }));
        total = totalMinor;
      } else {
        const i = rng.int(0, lineItems.length - 1);
        const l = lineItems[i]!;
        const lineNet = Math.round((l.unitPriceMinor * l.quantity - l.discountMinor) / l.quantity);
        refundLines = [{ lineItemIndex: i, quantity: 1, subtotalMinor: lineNet }];
        total = lineNet + Math.round(lineNet * country.taxRate);
      }
      refunds.push({
        legacyId: refundLegacy,
        id: `gid://shopify/Refund/${refundLegacy}`,
        createdAtMs: refundAt,
        note: full ? 'Customer returned the order' : 'Damaged in transit',
        totalMinor: total,
        totalPresentmentMinor: convertMinor(total, SHOP_CURRENCY, presentment, rate),
        lines: refundLines,
      });
      refundedMinor = total;
      financial = full ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      updatedAtMs = Math.max(updatedAtMs, refundAt);
    } else if (ageDays < 2 && rng.chance(0.08)) {
      financial = rng.chance(0.5) ? 'PENDING' : 'AUTHORIZED';
    }
  }
  let fulfillment: FulfillmentStatus = 'FULFILLED';
  if (cancelledAtMs !== null) fulfillment = 'UNFULFILLED';
  else if (ageDays < 1.5) fulfillment = rng.chance(0.7) ? 'UNFULFILLED' : 'IN_PROGRESS';
  else if (ageDays < 4 && rng.chance(0.3)) fulfillment = 'PARTIALLY_FULFILLED';
  if (fulfillment === 'FULFILLED' && !isTest) {
    const fulfilledAt = created + rng.uniform(0.6, 3) * DAY_MS;
    if (fulfilledAt <= end) updatedAtMs = Math.max(updatedAtMs, fulfilledAt);
    else fulfillment = 'UNFULFILLED';
  }
  updatedAtMs = Math.min(Math.max(updatedAtMs, created), Math.max(end, created));

  let journey: DemoJourney | null = null;
  if (!isTest) {
    const landing =
      landingVariant >= 0
        ? `/products/${ctx.products[ctx.variants[landingVariant]!.productIndex]!.handle}`
        : rng.pick(['/', '/', '/collections/all', '/collections/sale', '/blogs/journal']);
    const daysToConversion = rng.chance(0.55) ? 0 : rng.int(1, 14);
    const moments = daysToConversion === 0 ? rng.int(1, 2) : rng.int(2, 6);
    const lastVisit = channelVisit(
      ctx,
      rng,
      finalChannel,
      created - rng.int(120, 2400) * 1000,
      landing,
      campaign,
    );
    const firstChannel: DemoChannel =
      moments > 1 && rng.chance(0.5) ? DEMO_CHANNELS[rng.weightedIndex(ACQUISITION_WEIGHTS)]! : finalChannel;
    const firstVisit =
      moments > 1
        ? channelVisit(
            ctx,
            rng,
            firstChannel,
            created - daysToConversion * DAY_MS - rng.int(600, 30_000) * 1000,
            '/',
            firstChannel === finalChannel ? campaign : null,
          )
        : lastVisit;
    journey = { firstVisit, lastVisit, momentsCount: moments, daysToConversion };
  }

  const who = customer ?? {
    firstName: rng.pick(FIRST_NAMES),
    lastName: rng.pick(LAST_NAMES),
    address1: `${rng.int(1, 999)} ${rng.pick(['Maple', 'Oak', 'Cedar', 'Elm'])} Street`,
    city: rng.pick(country.regions).city,
    province: country.regions[0]!.province,
    provinceCode: country.regions[0]!.provinceCode,
    zip: country.regions[0]!.zip,
    phone: '',
  };
  const email = isTest
    ? 'staff@upside-demo.example'
    : customer
      ? customer.email
      : `${who.firstName.toLowerCase()}.${who.lastName.toLowerCase()}.guest${ev.seed % 9973}@example.com`;
  const number = 1001 + index;
  const order: DemoOrder = {
    index,
    legacyId,
    id: `gid://shopify/Order/${legacyId}`,
    name: `#${number}`,
    number,
    customerIndex: customer ? customer.index : null,
    email,
    test: isTest,
    createdAtMs: created,
    processedAtMs: created,
    updatedAtMs,
    cancelledAtMs,
    cancelReason,
    day: dayToIso(ctx.startDay + ev.dayIndex),
    currencyCode: SHOP_CURRENCY,
    presentmentCurrencyCode: presentment,
    presentmentRate: presentment === SHOP_CURRENCY ? 1 : rate,
    financialStatus: financial,
    fulfillmentStatus: fulfillment,
    lineItems,
    discountCode,
    subtotalMinor,
    discountMinor,
    shippingMinor,
    taxMinor,
    totalMinor,
    refundedMinor,
    refunds,
    shippingAddress: {
      firstName: who.firstName,
      lastName: who.lastName,
      address1: who.address1,
      address2: rng.chance(0.2) ? `Apt ${rng.int(1, 40)}` : null,
      city: who.city,
      province: who.province,
      provinceCode: who.provinceCode,
      zip: who.zip,
      country: country.name,
      countryCode: country.code,
      phone: who.phone || null,
    },
    journey,
    channel: finalChannel,
    metaCampaignIndex: campaign ? campaign.index : null,
    ga4Tracked: !isTest && rng.chance(GA4_TRACKED_SHARE),
  };
  return { order, lost };
}

function drawSecondOfDay(rng: Rng): number {
  const hour = rng.weightedIndex(HOUR_WEIGHTS);
  return hour * 3600 + rng.int(0, 3599);
}

/** Moves a purchase inside its calendar week (Sun–Sat) by the within-week weights; never before `minDay`. */
function placeInWeek(ctx: Ctx, rng: Rng, dayIndex: number, minDay: number): number {
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

function buildCustomers(ctx: Ctx, seed: number): { acquisitionMs: number[]; acquisitionDay: number[] } {
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
  const channelWeights = DEMO_CHANNELS.map((c) => ACQUISITION_MIX[c]);
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
      acquisitionChannel: DEMO_CHANNELS[rng.weightedIndex(channelWeights)]!,
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

function planStockouts(ctx: Ctx, oosProductIndex: number): PlantedStockout[] {
  const planted: PlantedStockout[] = [];
  const add = (variantIndex: number, start: number, end: number | null) => {
    const variant = ctx.variants[variantIndex]!;
    const product = ctx.products[variant.productIndex]!;
    const truth = planted.length;
    planted.push({
      productIndex: product.index,
      productTitle: product.title,
      variantIndex,
      variantId: variant.id,
      sku: variant.sku,
      startDate: dayToIso(ctx.startDay + start),
      endDate: end === null ? null : dayToIso(ctx.startDay + end),
      lostUnits: 0,
      lostRevenueMinor: 0,
      expectedLostUnits: 0,
      expectedLostRevenueMinor: 0,
      lostOrders: 0,
      currency: SHOP_CURRENCY,
    });
    const list = ctx.stockoutWindows.get(variantIndex) ?? [];
    list.push({ start, end: end ?? ctx.days - 1, truth });
    ctx.stockoutWindows.set(variantIndex, list);
  };
  // A best seller, mid-window, two weeks.
  add(ctx.products[0]!.variantIndexes[0]!, Math.floor(ctx.days * 0.45), Math.floor(ctx.days * 0.45) + 13);
  // A popular item during the holiday run-up when the window covers one, else at 70 %.
  const holiday = ctx.calendar.holidays.find((h) => h.name.startsWith('Holiday gifting'));
  const start2 =
    holiday && holiday.startDay - ctx.startDay + 2 < ctx.days - 30
      ? holiday.startDay - ctx.startDay + 2
      : Math.floor(ctx.days * 0.7);
  add(ctx.products[2]!.variantIndexes[0]!, start2, start2 + 8);
  // The product the "Launch" campaign advertises: out of stock for the last 12 days, still out.
  for (const v of ctx.products[oosProductIndex]!.variantIndexes) add(v, ctx.days - 12, null);
  return planted;
}

// ---- Expected lost demand --------------------------------------------------------------------
// The realised lostUnits of a planted stock-out is one draw of who came on which day and what they
// put in their baskets. The functions below sum the process's own intensities and probabilities
// over the window instead, without drawing: given each customer's arrival (acquisition instant)
// and latent λ and p, they take expectations over the repeat-purchase times, the channel (and so
// the campaign landing page), the basket target and the catalogue picks. A customer's spend ν is
// taken from its Gamma(q, γ) prior like a guest's: ν is drawn independently of λ and p, so who is
// buying in the window says nothing about it.

/** Mean guest checkouts on day d (the Poisson mean of the extra-orders stream). */
function guestMeanOn(ctx: Ctx, d: number): number {
  return (ctx.config.customers / ctx.days) * 0.06 * ctx.calendar.withinWeek[d]!;
}

/** Position of an instant in days from the window start (day index + fraction of the local day). */
function dayPosition(ctx: Ctx, ms: number, dayIndex: number): number {
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
function expectLostDemand(
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

/** Generates the whole demo store. Pure in (seed, preset, endDate, overrides). */
export function generateStore(options: GenerateOptions): DemoStore {
  const preset = resolvePreset(options.preset);
  const endDate = options.endDate ?? DEFAULT_END_DATE;
  const endDay = parseIsoDay(endDate);
  const days = options.days ?? preset.days;
  if (!Number.isInteger(days) || days < 60 || days > 3_000)
    throw new Error('days must be an integer in 60..3000');
  const customersWanted = options.customers ?? preset.customers;
  if (!Number.isInteger(customersWanted) || customersWanted < 50 || customersWanted > 1_000_000) {
    throw new Error('customers must be an integer in 50..1000000');
  }
  const seed = options.seed >>> 0;
  const startDay = endDay - days + 1;
  const config: StoreConfig = {
    seed,
    preset: options.preset,
    startDate: dayToIso(startDay),
    endDate,
    days,
    customers: customersWanted,
    bgnbd: options.bgnbd ?? preset.bgnbd,
    gammaGamma: options.gammaGamma ?? preset.gammaGamma,
  };
  const calendar = buildDemandCalendar(startDay, days);
  const catalogRng = new Rng(mixSeeds(seed, hashString('catalog')));
  const shopCreatedMs = localToUtcMs(SHOP_TZ, startDay - 400, 10 * 3600);
  const { products, variants } = buildCatalog(catalogRng, preset.products, shopCreatedMs);
  const variantWeights = new Float64Array(variants.map((v) => v.popularity));
  const oosProductIndex = products.findIndex((p) => p.title.startsWith('Enamel Dutch Oven'));

  const endInstantMs = localToUtcMs(SHOP_TZ, endDay + 1, 0) - 1000;
  const profit = plantProfitPlan({
    ...config,
    currency: SHOP_CURRENCY,
    timeZone: SHOP_TZ,
    endInstantMs,
    variants,
    products,
  });
  const profitTruth = new ProfitTruthBuilder(profit, config.startDate, days);
  const ctx: Ctx = {
    config,
    startDay,
    endDay,
    days,
    endInstantMs,
    calendar,
    products,
    variants,
    variantWeights,
    variantWeightTotal: variantWeights.reduce((s, w) => s + w, 0),
    customers: [],
    campaigns: [],
    campaignWindows: [],
    stockoutWindows: new Map(),
    productPages: [],
  };

  // Meta campaigns (budgets are sized after pass 1 from verified revenue).
  CAMPAIGN_PLANS.forEach((plan, index) => {
    const start = Math.max(0, days - 1 - plan.startOffset);
    const stop = Math.max(start, days - 1 - plan.stopOffset);
    const id = `1202${String(mixSeeds(seed, index) % 1_000_000).padStart(6, '0')}${String(index + 1).padStart(8, '0')}`;
    ctx.campaigns.push({
      index,
      id,
      name: plan.name,
      status: plan.status,
      objective: plan.objective,
      dailyBudgetMinor: plan.fixedDailyBudgetMinor,
      startDay: dayToIso(startDay + start),
      stopDay: plan.status === 'PAUSED' ? dayToIso(startDay + stop) : null,
      landingPath:
        plan.role === 'out_of_stock_traffic'
          ? `/products/${products[oosProductIndex]!.handle}`
          : plan.role === 'high_roas'
            ? '/cart'
            : '/collections/all',
      productIndex: plan.role === 'out_of_stock_traffic' ? oosProductIndex : null,
      createdAtMs: localToUtcMs(SHOP_TZ, startDay + start - 1, 9 * 3600),
    });
    ctx.campaignWindows.push({ start, stop, weight: plan.weight });
  });
  const stockouts = planStockouts(ctx, oosProductIndex);

  const { acquisitionMs, acquisitionDay } = buildCustomers(ctx, seed);
  expectLostDemand(ctx, stockouts, acquisitionMs, acquisitionDay);

  // ---- Pass 1 -------------------------------------------------------------------------------
  const events = new EventColumns();
  const nChannels = DEMO_CHANNELS.length;
  const dailyOrders = new Int32Array(days * nChannels);
  const dailyRevenue = new Float64Array(days * nChannels);
  const dailyTracked = new Int32Array(days * nChannels);
  const dailyTrackedRevenue = new Float64Array(days * nChannels);
  const variantUnits = new Int32Array(variants.length * days);
  const campaignOrders = new Int32Array(ctx.campaigns.length * days);
  const campaignRevenue = new Float64Array(ctx.campaigns.length * days);
  const channelTruth = new Map<DemoChannel, ChannelTruth>(
    DEMO_CHANNELS.map((channel) => [
      channel,
      { channel, orders: 0, revenueMinor: 0, netRevenueMinor: 0, firstTouchOrders: 0 },
    ]),
  );
  let cancelledOrders = 0;
  let basketSum = 0;
  let basketCount = 0;
  let testOrders = 0;
  let guestOrders = 0;
  const countryOrders = new Map<string, number>();

  const record = (ev: OrderEvent) => {
    const built = buildOrder(ctx, ev, -1);
    for (const lost of built.lost) {
      const w = ctx.stockoutWindows
        .get(lost.variantIndex)!
        .find((x) => lost.dayIndex >= x.start && lost.dayIndex <= x.end)!;
      const truth = stockouts[w.truth]!;
      truth.lostUnits += lost.quantity;
      truth.lostRevenueMinor += lost.quantity * variants[lost.variantIndex]!.priceMinor;
      if (!built.order) truth.lostOrders += 1 / built.lost.length;
    }
    const order = built.order;
    if (!order) return false;
    events.push(ev, order.updatedAtMs);
    profitTruth.addOrder(order);
    if (order.test) {
      testOrders += 1;
      return true;
    }
    if (order.customerIndex === null) guestOrders += 1;
    if (order.cancelledAtMs !== null) {
      cancelledOrders += 1;
      return true;
    }
    const c = DEMO_CHANNELS.indexOf(order.channel);
    const slot = ev.dayIndex * nChannels + c;
    dailyOrders[slot]! += 1;
    dailyRevenue[slot]! += order.totalMinor;
    if (order.ga4Tracked) {
      dailyTracked[slot]! += 1;
      dailyTrackedRevenue[slot]! += order.totalMinor;
    }
    for (const line of order.lineItems)
      variantUnits[line.variantIndex * days + ev.dayIndex]! += line.quantity;
    if (order.metaCampaignIndex !== null) {
      campaignOrders[order.metaCampaignIndex * days + ev.dayIndex]! += 1;
      campaignRevenue[order.metaCampaignIndex * days + ev.dayIndex]! += order.totalMinor;
    }
    const truth = channelTruth.get(order.channel)!;
    truth.orders += 1;
    truth.revenueMinor += order.totalMinor;
    truth.netRevenueMinor += order.totalMinor - order.refundedMinor;
    const first = order.journey?.firstVisit.channel;
    if (first) channelTruth.get(first)!.firstTouchOrders += 1;
    const cc = order.shippingAddress?.countryCode ?? 'US';
    countryOrders.set(cc, (countryOrders.get(cc) ?? 0) + 1);
    if (order.customerIndex !== null) {
      basketSum += order.lineItems.reduce((sum, l) => sum + l.unitPriceMinor * l.quantity, 0);
      basketCount += 1;
      const customer = ctx.customers[order.customerIndex]!;
      customer.numberOfOrders += 1;
      customer.amountSpentMinor += order.totalMinor - order.refundedMinor;
      customer.updatedAtMs = Math.max(customer.updatedAtMs, order.updatedAtMs);
    }
    return true;
  };

  for (const customer of ctx.customers) {
    const rng = new Rng(mixSeeds(seed, hashString('purchases'), customer.index));
    const firstMs = acquisitionMs[customer.index]!;
    const firstDay = acquisitionDay[customer.index]!;
    // First purchase at acquisition (time 0 of the BG/NBD process).
    record({
      kind: 0,
      customerIndex: customer.index,
      createdAtMs: firstMs,
      dayIndex: firstDay,
      seed: rng.nextU32(),
      ordinal: 0,
    });
    let t = dayPosition(ctx, firstMs, firstDay);
    let prevDay = firstDay;
    let ordinal = 1;
    for (;;) {
      t += rng.exponential(customer.lambdaPerWeek) * 7;
      if (t >= days) break;
      let dayIndex = placeInWeek(ctx, rng, Math.floor(t), prevDay + 1);
      if (dayIndex >= days) break;
      if (dayIndex <= prevDay) dayIndex = prevDay + 1;
      if (dayIndex >= days) break;
      const ms = localToUtcMs(SHOP_TZ, startDay + dayIndex, drawSecondOfDay(rng));
      const orderSeed = rng.nextU32();
      const dies = rng.chance(customer.dropoutP);
      if (
        record({
          kind: 0,
          customerIndex: customer.index,
          createdAtMs: ms,
          dayIndex,
          seed: orderSeed,
          ordinal,
        })
      )
        ordinal += 1;
      prevDay = dayIndex;
      if (dies) break;
    }
  }
  // Guest checkouts and staff test orders: one stream over the calendar.
  const extraRng = new Rng(mixSeeds(seed, hashString('extra-orders')));
  for (let d = 0; d < days; d += 1) {
    if (calendar.closed[d]) continue;
    const guests = extraRng.poisson(guestMeanOn(ctx, d));
    for (let g = 0; g < guests; g += 1) {
      const ms = localToUtcMs(SHOP_TZ, startDay + d, drawSecondOfDay(extraRng));
      record({
        kind: 1,
        customerIndex: -1,
        createdAtMs: ms,
        dayIndex: d,
        seed: extraRng.nextU32(),
        ordinal: 0,
      });
    }
    if (extraRng.chance(0.06)) {
      const ms = localToUtcMs(SHOP_TZ, startDay + d, 9 * 3600 + extraRng.int(0, 8 * 3600));
      record({
        kind: 2,
        customerIndex: -1,
        createdAtMs: ms,
        dayIndex: d,
        seed: extraRng.nextU32(),
        ordinal: 0,
      });
    }
  }

  // ---- Sort by creation time ------------------------------------------------------------------
  const n = events.size;
  const perm = new Uint32Array(n);
  for (let i = 0; i < n; i += 1) perm[i] = i;
  perm.sort((x, y) => events.createdAt[x]! - events.createdAt[y]! || x - y);
  const createdAtMs = new Float64Array(n);
  const updatedAtMs = new Float64Array(n);
  const customerIndex = new Int32Array(n);
  const seeds = new Uint32Array(n);
  const ordinals = new Uint16Array(n);
  const kinds = new Uint8Array(n);
  const dayIndexes = new Uint16Array(n);
  for (let i = 0; i < n; i += 1) {
    const j = perm[i]!;
    createdAtMs[i] = events.createdAt[j]!;
    updatedAtMs[i] = events.updatedAt[j]!;
    customerIndex[i] = events.customer[j]!;
    seeds[i] = events.seed[j]!;
    ordinals[i] = events.ordinal[j]!;
    kinds[i] = events.kind[j]!;
    dayIndexes[i] = events.dayIndex[j]!;
  }
  const getOrder = (index: number): DemoOrder => {
    if (!Number.isInteger(index) || index < 0 || index >= n)
      throw new RangeError(`order index ${index} out of range`);
    const built = buildOrder(
      ctx,
      {
        kind: kinds[index] as 0 | 1 | 2,
        customerIndex: customerIndex[index]!,
        createdAtMs: createdAtMs[index]!,
        dayIndex: dayIndexes[index]!,
        seed: seeds[index]!,
        ordinal: ordinals[index]!,
      },
      index,
    );
    return built.order!;
  };

  const inventory = buildInventory(ctx, variantUnits, seed);
  const meta = buildMeta(ctx, seed, campaignOrders, campaignRevenue);
  const ga4 = buildGa4(ctx, seed, dailyOrders, dailyTracked, dailyTrackedRevenue, meta.daily, countryOrders);
  for (const s of stockouts) s.lostOrders = Math.round(s.lostOrders);

  const campaignTruth: CampaignTruth[] = ctx.campaigns.map((campaign, i) => {
    const rows = meta.daily.filter((row) => row.campaignIndex === i);
    const spend = rows.reduce((s, row) => s + row.spendMinor, 0);
    const verifiedRevenue = rows.reduce((s, row) => s + row.verifiedRevenueMinor, 0);
    return {
      campaignIndex: i,
      id: campaign.id,
      name: campaign.name,
      status: campaign.status,
      role: CAMPAIGN_PLANS[i]!.role,
      spendMinor: spend,
      verifiedOrders: rows.reduce((s, row) => s + row.verifiedOrders, 0),
      verifiedRevenueMinor: verifiedRevenue,
      reportedPurchases: rows.reduce((s, row) => s + row.reportedPurchases, 0),
      trueRoas: spend > 0 ? Math.round((verifiedRevenue / spend) * 1000) / 1000 : 0,
      productIndex: campaign.productIndex,
    };
  });
  const byRole = (role: CampaignTruth['role']) =>
    ctx.campaigns[CAMPAIGN_PLANS.findIndex((p) => p.role === role)]!;
  const ga4Sessions = ga4.sessions.reduce((s, v) => s + v, 0);
  const ga4Purchases = ga4.keyEvents.reduce((s, v) => s + v, 0);
  const storeOrders = dailyOrders.reduce((s, v) => s + v, 0);
  const groundTruth: GroundTruth = {
    seed,
    preset: options.preset,
    startDate: config.startDate,
    endDate,
    shopCurrency: SHOP_CURRENCY,
    timeZone: SHOP_TZ,
    customers: ctx.customers.length,
    orders: n,
    testOrders,
    guestOrders,
    cancelledOrders,
    bgnbd: {
      ...config.bgnbd,
      timeUnit: 'weeks',
      note: 'Latent process of customer orders (test and guest orders excluded; cancelled ones included). Repeat purchases are moved within their calendar week (≤ 6 days) for weekday/holiday/closed-day patterns; a purchase whose every item was out of stock is lost.',
    },
    gammaGamma: {
      ...config.gammaGamma,
      modelMeanBasket:
        Math.round(((config.gammaGamma.p * config.gammaGamma.gamma) / (config.gammaGamma.q - 1)) * 100) / 100,
      realizedMeanBasket: basketCount > 0 ? Math.round(basketSum / basketCount) / 100 : 0,
      note: 'Target basket value per order (Σ unit price × quantity, before discount, tax and shipping) in shop-currency major units. Baskets are filled from catalogue prices up to about the target, always with at least one item, and advertised products are always in their basket, so the realised mean basket runs above the model mean p·γ/(q − 1) (both recorded).',
    },
    stockouts,
    channels: [...channelTruth.values()],
    campaigns: campaignTruth,
    plantedCampaigns: {
      highRoas: { id: byRole('high_roas').id, name: byRole('high_roas').name },
      wasteful: { id: byRole('wasteful').id, name: byRole('wasteful').name },
      outOfStockTraffic: {
        id: byRole('out_of_stock_traffic').id,
        name: byRole('out_of_stock_traffic').name,
        productIndex: oosProductIndex,
        productTitle: products[oosProductIndex]!.title,
      },
    },
    closedDays: calendar.closedDays,
    holidayPeaks: calendar.holidays.map((h) => ({
      name: h.name,
      startDate: dayToIso(h.startDay),
      endDate: dayToIso(h.endDay),
      multiplier: h.multiplier,
    })),
    ga4: {
      sessions: ga4Sessions,
      purchases: ga4Purchases,
      storeOrders,
      trackedShare: GA4_TRACKED_SHARE,
    },
    profit: profitTruth.finish(meta.daily),
  };

  return {
    config,
    shop: {
      id: 'gid://shopify/Shop/68817420001',
      name: 'Upside Demo Goods',
      myshopifyDomain: DEMO_SHOP_DOMAIN,
      email: 'owner@upside-demo.example',
      currencyCode: SHOP_CURRENCY,
      ianaTimezone: SHOP_TZ,
      timezoneAbbreviation: formatZoned(SHOP_TZ, endInstantMs).slice(-6).startsWith('-04') ? 'EDT' : 'EST',
      planDisplayName: 'Advanced',
      primaryDomainUrl: 'https://shop.upside-demo.example',
      createdAtMs: shopCreatedMs,
    },
    locations: [
      { legacyId: 71_000_000_001, id: 'gid://shopify/Location/71000000001', name: 'Main Warehouse' },
    ],
    products,
    variants,
    customers: ctx.customers,
    orders: { count: n, createdAtMs, updatedAtMs, customerIndex },
    getOrder,
    inventory,
    ga4,
    meta,
    profit,
    groundTruth,
  };
}

/**
 * Daily end-of-day available stock per variant: start with ~5 weeks of cover, reorder at ~2
 * weeks of cover with a 5-day lead time. Only the planted windows ever reach zero (a late
 * restock); their level tapers to zero over the 10 days before.
 */
function buildInventory(ctx: Ctx, units: Int32Array, seed: number): InventoryHistory {
  const { days } = ctx;
  const rng = new Rng(mixSeeds(seed, hashString('inventory')));
  const levels: Int32Array[] = [];
  const restocks: InventoryHistory['restocks'] = [];
  for (const variant of ctx.variants) {
    const row = new Int32Array(days);
    let total = 0;
    for (let d = 0; d < days; d += 1) total += units[variant.index * days + d]!;
    const avg = Math.max(0.2, total / days);
    let stock = Math.ceil(avg * 35) + 5;
    let pending: { day: number; qty: number } | null = null;
    const windows = ctx.stockoutWindows.get(variant.index) ?? [];
    for (let d = 0; d < days; d += 1) {
      const inWindow = windows.find((w) => d >= w.start && d <= w.end);
      const taper = windows.find((w) => d >= w.start - 10 && d < w.start);
      if (pending && pending.day === d && !inWindow && !taper) {
        stock += pending.qty;
        restocks.push({
          variantIndex: variant.index,
          day: dayToIso(ctx.startDay + d),
          quantity: pending.qty,
        });
        pending = null;
      }
      const after = windows.find((w) => d === w.end + 1);
      if (after) {
        const qty = Math.ceil(avg * 45) + 10;
        stock = qty;
        pending = null;
        restocks.push({ variantIndex: variant.index, day: dayToIso(ctx.startDay + d), quantity: qty });
      }
      const sold = units[variant.index * days + d]!;
      if (inWindow) {
        stock = 0;
      } else if (taper) {
        let remaining = 0;
        for (let k = d + 1; k < taper.start; k += 1) remaining += units[variant.index * days + k]!;
        stock = remaining;
      } else {
        stock -= sold;
        if (stock <= 0) {
          // Emergency transfer: outside planted windows demand is always served.
          const qty = Math.ceil(avg * 20) + 5;
          stock += qty;
          restocks.push({ variantIndex: variant.index, day: dayToIso(ctx.startDay + d), quantity: qty });
        }
        if (!pending && stock < avg * 14)
          pending = { day: d + 5, qty: Math.ceil(avg * rng.uniform(35, 50)) + 5 };
      }
      row[d] = stock;
    }
    levels.push(row);
  }
  return { startDate: dayToIso(ctx.startDay), days, levels, restocks };
}

function buildMeta(
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
    if (plan.targetRoas !== null) {
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
      const spendMinor = Math.round(campaign.dailyBudgetMinor * rng.uniform(0.86, 1.03));
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
  return {
    account: {
      adAccountId: 'act_1234567890123456',
      name: 'Upside Demo Goods – Ads',
      currency: SHOP_CURRENCY,
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
  };
}

const SOURCE_MEDIA: Ga4Facts['sourceMedia'] = [
  { source: 'facebook', medium: 'paid_social', channelGroup: 'Paid Social' },
  { source: 'google', medium: 'cpc', channelGroup: 'Paid Search' },
  { source: 'google', medium: 'organic', channelGroup: 'Organic Search' },
  { source: 'klaviyo', medium: 'email', channelGroup: 'Email' },
  { source: '(direct)', medium: '(none)', channelGroup: 'Direct' },
  { source: 'theeverydaykitchen.example', medium: 'referral', channelGroup: 'Referral' },
  { source: 'bing', medium: 'organic', channelGroup: 'Organic Search' },
  { source: 'instagram.com', medium: 'referral', channelGroup: 'Organic Social' },
];
/** Session conversion rate per converting channel (index = DEMO_CHANNELS order). */
const CHANNEL_CR = [0.012, 0.024, 0.019, 0.038, 0.03, 0.016];
const ENGAGEMENT = [0.52, 0.63, 0.66, 0.7, 0.61, 0.64, 0.6, 0.45];

function buildGa4(
  ctx: Ctx,
  seed: number,
  dailyOrders: Int32Array,
  dailyTracked: Int32Array,
  dailyTrackedRevenue: Float64Array,
  metaDaily: MetaDailyRow[],
  countryOrders: Map<string, number>,
): Ga4Facts {
  const { days } = ctx;
  const rng = new Rng(mixSeeds(seed, hashString('ga4')));
  const nCh = DEMO_CHANNELS.length;
  const topProducts = ctx.products.slice(0, 5).map((p) => p.index);
  const oos = ctx.campaigns.find((c) => c.productIndex !== null)?.productIndex ?? undefined;
  if (oos !== undefined && !topProducts.includes(oos)) topProducts.push(oos);
  const pages: Ga4Facts['pages'] = [
    { path: '/', title: 'Upside Demo Goods' },
    { path: '/collections/all', title: 'All Products – Upside Demo Goods' },
    { path: '/collections/sale', title: 'Sale – Upside Demo Goods' },
    { path: '/cart', title: 'Your Shopping Cart – Upside Demo Goods' },
    ...topProducts.map((i) => ({
      path: `/products/${ctx.products[i]!.handle}`,
      title: `${ctx.products[i]!.title} – Upside Demo Goods`,
    })),
  ];
  const devices = ['mobile', 'desktop', 'tablet'];
  const deviceWeights = [0.62, 0.33, 0.05];
  const totalCountry = [...countryOrders.values()].reduce((s, v) => s + v, 0) || 1;
  const countries = COUNTRIES.map((c) => c.name);
  const countryWeights = COUNTRIES.map((c) => (countryOrders.get(c.code) ?? 0) / totalCountry + 0.002);
  const pageWeightsFor = (sm: number): number[] =>
    pages.map((p, i) => {
      if (sm === 0)
        return p.path.startsWith('/products/')
          ? oos !== undefined && p.path.endsWith(ctx.products[oos]!.handle)
            ? 4
            : 1.5
          : i === 3
            ? 1.2
            : 0.5;
      if (sm === 3) return i === 0 ? 3 : i === 2 ? 2 : 0.6;
      return i === 0 ? 4 : i === 1 ? 2 : i === 3 ? 0.6 : 1;
    });
  const metaClicks = new Float64Array(days);
  for (const row of metaDaily) metaClicks[parseIsoDay(row.day) - ctx.startDay]! += row.clicks;

  const capacity = days * SOURCE_MEDIA.length * pages.length * devices.length * countries.length;
  const cols = {
    day: new Int32Array(capacity),
    sm: new Uint8Array(capacity),
    page: new Uint8Array(capacity),
    device: new Uint8Array(capacity),
    country: new Uint8Array(capacity),
    sessions: new Int32Array(capacity),
    engaged: new Int32Array(capacity),
    users: new Int32Array(capacity),
    newUsers: new Int32Array(capacity),
    views: new Int32Array(capacity),
    events: new Int32Array(capacity),
    duration: new Float64Array(capacity),
    keyEvents: new Int32Array(capacity),
    revenue: new Float64Array(capacity),
  };
  let count = 0;
  const ema = new Float64Array(nCh).fill(1);
  for (let d = 0; d < days; d += 1) {
    const dayNumber = ctx.startDay + d;
    for (let sm = 0; sm < SOURCE_MEDIA.length; sm += 1) {
      let sessions: number;
      let purchases = 0;
      let revenue = 0;
      if (sm < nCh) {
        const orders = dailyOrders[d * nCh + sm]!;
        ema[sm] = 0.9 * ema[sm]! + 0.1 * orders;
        purchases = dailyTracked[d * nCh + sm]!;
        revenue = dailyTrackedRevenue[d * nCh + sm]!;
        const base =
          sm === 0
            ? metaClicks[d]! * rng.uniform(0.72, 0.86)
            : (Math.max(orders, ema[sm]!) / CHANNEL_CR[sm]!) * rng.noise(0.1);
        sessions = Math.max(orders, Math.round(base * (ctx.calendar.closed[d] ? 0.4 : 1)));
        if (sm === 0 && sessions === 0) sessions = Math.round((ema[sm]! / CHANNEL_CR[sm]!) * 0.3);
      } else {
        sessions = Math.round((ema[2]! / CHANNEL_CR[2]!) * (sm === 6 ? 0.08 : 0.05) * rng.noise(0.2));
      }
      if (sessions <= 0) continue;
      // Split sessions page → device → country with binomial chains; purchases follow sessions.
      const pw = pageWeightsFor(sm);
      let remainingS = sessions;
      let remainingP = purchases;
      let weightLeft = pw.reduce((s, w) => s + w, 0);
      const avgValue = purchases > 0 ? revenue / purchases : 0;
      const groupStart = count;
      for (let p = 0; p < pages.length && remainingS > 0; p += 1) {
        const sP = p === pages.length - 1 ? remainingS : rng.binomial(remainingS, pw[p]! / weightLeft);
        const kP =
          p === pages.length - 1
            ? remainingP
            : Math.min(sP, rng.binomial(remainingP, remainingS > 0 ? sP / remainingS : 0));
        weightLeft -= pw[p]!;
        remainingS -= sP;
        remainingP -= kP;
        if (sP === 0) continue;
        let sLeftD = sP;
        let kLeftD = kP;
        let dwLeft = 1;
        for (let dv = 0; dv < devices.length && sLeftD > 0; dv += 1) {
          const sD = dv === devices.length - 1 ? sLeftD : rng.binomial(sLeftD, deviceWeights[dv]! / dwLeft);
          const kD =
            dv === devices.length - 1
              ? kLeftD
              : Math.min(sD, rng.binomial(kLeftD, sLeftD > 0 ? sD / sLeftD : 0));
          dwLeft -= deviceWeights[dv]!;
          sLeftD -= sD;
          kLeftD -= kD;
          if (sD === 0) continue;
          let sLeftC = sD;
          let kLeftC = kD;
          let cwLeft = countryWeights.reduce((s, w) => s + w, 0);
          for (let cn = 0; cn < countries.length && sLeftC > 0; cn += 1) {
            const sC =
              cn === countries.length - 1 ? sLeftC : rng.binomial(sLeftC, countryWeights[cn]! / cwLeft);
            let kC =
              cn === countries.length - 1
                ? kLeftC
                : Math.min(sC, rng.binomial(kLeftC, sLeftC > 0 ? sC / sLeftC : 0));
            cwLeft -= countryWeights[cn]!;
            sLeftC -= sC;
            kLeftC -= kC;
            if (sC === 0) {
              kLeftC += kC;
              continue;
            }
            if (kC > sC) {
              kLeftC += kC - sC;
              kC = sC;
            }
            const engaged = rng.binomial(sC, ENGAGEMENT[sm]!);
            const users = Math.max(1, Math.round(sC * rng.uniform(0.78, 0.9)));
            const views = sC + Math.round(sC * rng.uniform(1.4, 2.6));
            cols.day[count] = dayNumber;
            cols.sm[count] = sm;
            cols.page[count] = p;
            cols.device[count] = dv;
            cols.country[count] = cn;
            cols.sessions[count] = sC;
            cols.engaged[count] = engaged;
            cols.users[count] = users;
            cols.newUsers[count] = Math.round(users * (sm === 3 ? 0.15 : 0.62));
            cols.views[count] = views;
            cols.events[count] = views * 3 + sC + kC * 4;
            cols.duration[count] = Math.round(engaged * rng.uniform(70, 140));
            cols.keyEvents[count] = kC;
            cols.revenue[count] = Math.round(kC * avgValue);
            count += 1;
          }
          kLeftD += kLeftC;
        }
        remainingP += kLeftD;
      }
      // Purchases that could not be placed (rounding) go to the largest cell of this day/source.
      if (remainingP > 0 && count > groupStart) {
        let last = groupStart;
        for (let k = groupStart; k < count; k += 1) if (cols.sessions[k]! > cols.sessions[last]!) last = k;
        cols.keyEvents[last]! += remainingP;
        cols.sessions[last] = Math.max(cols.sessions[last]!, cols.keyEvents[last]!);
        cols.revenue[last]! += Math.round(remainingP * avgValue);
      }
    }
  }
  return {
    sourceMedia: SOURCE_MEDIA,
    pages,
    devices,
    countries,
    day: cols.day.slice(0, count),
    sourceMedium: cols.sm.slice(0, count),
    page: cols.page.slice(0, count),
    device: cols.device.slice(0, count),
    country: cols.country.slice(0, count),
    sessions: cols.sessions.slice(0, count),
    engagedSessions: cols.engaged.slice(0, count),
    activeUsers: cols.users.slice(0, count),
    newUsers: cols.newUsers.slice(0, count),
    screenPageViews: cols.views.slice(0, count),
    eventCount: cols.events.slice(0, count),
    userEngagementDuration: cols.duration.slice(0, count),
    keyEvents: cols.keyEvents.slice(0, count),
    purchaseRevenueMinor: cols.revenue.slice(0, count),
    count,
  };
}
