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

import { adPlatformTruth } from './ad-platforms/ad-platform-truth.ts';
import { demoAdPlatformPlan } from './ad-platforms/plan-ad-platforms.ts';
import type { CausalChannelKey } from './ad-platforms/plan-causal-flights.ts';
import { googleClickIndex } from './ad-platforms/plan-google-clicks.ts';
import { dayToIso, formatZoned, localToUtcMs, parseIsoDay } from './calendar.ts';
import { buildCatalog } from './catalog.ts';
import { EventColumns, type OrderEvent } from './event-columns.ts';
import { buildCustomers, drawSecondOfDay, placeInWeek } from './generator/build-customers.ts';
import { buildGa4 } from './generator/build-ga4.ts';
import { buildInventory } from './generator/build-inventory.ts';
import { buildMeta } from './generator/build-meta.ts';
import { buildOrder } from './generator/build-order.ts';
import {
  CAMPAIGN_PLANS,
  type Ctx,
  demoShopIdentity,
  GA4_CHANNELS,
  GA4_TRACKED_SHARE,
  SHOP_CURRENCIES,
  SHOP_CURRENCY,
  SHOP_TZ,
} from './generator/context.ts';
import { dayPosition, expectLostDemand, guestMeanOn } from './generator/expected-lost-demand.ts';
import { Ga4TikTokTally } from './generator/ga4-tiktok.ts';
import { creativeTruth } from './generator/plan-ads.ts';
import { planCampaigns } from './generator/plan-campaigns.ts';
import { causalTikTokOrders, MmmTruthBuilder, planCausalAds } from './generator/plan-causal-ads.ts';
import { DEMO_STOREFRONT_URL } from './generator/plan-site-visit.ts';
import { planStockouts } from './generator/plan-stockouts.ts';
import {
  planTikTokOrders,
  TikTokTruthBuilder,
  tiktokOrdersExpectedOn,
} from './generator/plan-tiktok-orders.ts';
import { GeoLiftPlanter } from './generator/plant-geo-lift.ts';
import { PairTruthBuilder } from './generator/plant-pairs.ts';
import type { DemoOrder, DemoStore, GenerateOptions, StoreConfig } from './model.ts';
import { DEMO_CHANNELS, type DemoChannel, type DemoJoinMethod } from './model-terms.ts';
import { DEFAULT_END_DATE, resolvePreset } from './presets.ts';
import { hashString, mixSeeds, Rng } from './prng.ts';
import { plantProfitPlan } from './profit/plan.ts';
import { ProfitTruthBuilder } from './profit/truth.ts';
import { buildDemandCalendar } from './seasonality.ts';
import type { CampaignTruth, ChannelTruth, GroundTruth } from './truth-model.ts';

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
  const currency = options.currency ?? SHOP_CURRENCY;
  if (!(SHOP_CURRENCIES as readonly string[]).includes(currency))
    throw new Error(`currency must be one of ${SHOP_CURRENCIES.join(', ')} (two-digit currencies)`);
  const shopIdentity = demoShopIdentity(currency);
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
    currency,
    timeZone: SHOP_TZ,
    endInstantMs,
    variants,
    products,
  });
  const profitTruth = new ProfitTruthBuilder(profit, config.startDate, days);
  // The demo connects Google Ads and TikTok too: their spend is marketing (issue #39), and TikTok's
  // clicks bring orders of their own (decision 131).
  const adPlan = demoAdPlatformPlan(config);
  const adTruth = adPlatformTruth(adPlan, currency);
  const ctx: Ctx = {
    config,
    currency,
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
    tiktok: planTikTokOrders({ startDay, days, config, products }, adPlan.tiktok, adTruth.tiktok_ads),
    causal: null,
    googleClicks: googleClickIndex(adPlan.google),
  };
  const tiktokTruth = new TikTokTruthBuilder(ctx.tiktok);

  const pairTruth = new PairTruthBuilder(ctx);
  planCampaigns(ctx, seed, oosProductIndex);
  // The causal preset: spend planned apart from sales causes orders of its own (decision 136).
  if (options.preset === 'causal') {
    ctx.causal = planCausalAds(ctx, adTruth);
    ctx.tiktok = causalTikTokOrders(ctx.tiktok, ctx.causal, adTruth.tiktok_ads, startDay);
  }
  // After the causal preset's TikTok stream replaced the usual one, so GA4 sees the orders placed.
  const ga4TikTok = new Ga4TikTokTally(ctx.tiktok, startDay, days, adPlan.tiktok);
  const mmmTruth = ctx.causal ? new MmmTruthBuilder(ctx.causal) : null;
  const geoLift = ctx.causal ? new GeoLiftPlanter(ctx) : null;
  /** The channel whose spend caused the orders being recorded (the causal preset's streams). */
  let causedBy: CausalChannelKey | null = null;
  const stockouts = planStockouts(ctx, oosProductIndex);

  const { acquisitionMs, acquisitionDay } = buildCustomers(ctx, seed);
  expectLostDemand(ctx, stockouts, acquisitionMs, acquisitionDay);

  // ---- Pass 1 -------------------------------------------------------------------------------
  const events = new EventColumns();
  // GA4's facts are built from the first six channels' daily orders (build-ga4.ts); TikTok's
  // orders, planted after them, are tallied per campaign apart (ga4-tiktok.ts, decision 142), so
  // the other sources' facts do not move.
  const nChannels = GA4_CHANNELS;
  const dailyOrders = new Int32Array(days * nChannels);
  const dailyRevenue = new Float64Array(days * nChannels);
  const dailyTracked = new Int32Array(days * nChannels);
  const dailyTrackedRevenue = new Float64Array(days * nChannels);
  const variantUnits = new Int32Array(variants.length * days);
  const campaignOrders = new Int32Array(ctx.campaigns.length * days);
  const campaignRevenue = new Float64Array(ctx.campaigns.length * days);
  const campaignTracked = new Int32Array(ctx.campaigns.length * days);
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
  const joinable: Record<DemoJoinMethod, number> = {
    visitor_id: 0,
    checkout_token: 0,
    landing_utm: 0,
    email_hash: 0,
  };
  let revenueOrders = 0;
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
    pairTruth.addOrder(order, built.plantedLines);
    tiktokTruth.addOrder(order);
    ga4TikTok.addOrder(order, ev.dayIndex);
    mmmTruth?.addOrder(order, causedBy);
    geoLift?.addOrder(order, ev.dayIndex);
    const c = DEMO_CHANNELS.indexOf(order.channel);
    if (c < nChannels) {
      const slot = ev.dayIndex * nChannels + c;
      dailyOrders[slot]! += 1;
      dailyRevenue[slot]! += order.totalMinor;
      if (order.ga4Tracked) {
        dailyTracked[slot]! += 1;
        dailyTrackedRevenue[slot]! += order.totalMinor;
      }
    }
    for (const line of order.lineItems)
      variantUnits[line.variantIndex * days + ev.dayIndex]! += line.quantity;
    if (order.metaCampaignIndex !== null) {
      campaignOrders[order.metaCampaignIndex * days + ev.dayIndex]! += 1;
      campaignRevenue[order.metaCampaignIndex * days + ev.dayIndex]! += order.totalMinor;
      if (order.ga4Tracked) campaignTracked[order.metaCampaignIndex * days + ev.dayIndex]! += 1;
    }
    revenueOrders += 1;
    if (order.site?.joinBy) joinable[order.site.joinBy] += 1;
    const truth = channelTruth.get(order.channel)!;
    truth.orders += 1;
    truth.revenueMinor += order.totalMinor;
    truth.netRevenueMinor += order.totalMinor - order.refundedMinor;
    const first = order.journey?.firstVisit.channel;
    if (first) channelTruth.get(first)!.firstTouchOrders += 1;
    const cc = order.shippingAddress?.countryCode ?? 'US';
    if (c < nChannels) countryOrders.set(cc, (countryOrders.get(cc) ?? 0) + 1);
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

  // TikTok-driven guest orders (decision 131): their own stream, drawn after every other order.
  const tiktokRng = new Rng(mixSeeds(seed, hashString('tiktok-orders')));
  if (ctx.causal) causedBy = 'tiktok_ads';
  for (let d = 0; d < days; d += 1) {
    if (calendar.closed[d]) continue;
    // Clicks convert more on the store's busy days (weekday, holiday peaks), as guests' orders do;
    // the causal preset's expected orders are its planted curve's, as they are.
    const busy = ctx.causal ? 1 : calendar.withinWeek[d]!;
    const count = tiktokRng.poisson(tiktokOrdersExpectedOn(ctx.tiktok, d) * busy);
    for (let k = 0; k < count; k += 1) {
      const ms = localToUtcMs(SHOP_TZ, startDay + d, drawSecondOfDay(tiktokRng));
      record({
        kind: 3,
        customerIndex: -1,
        createdAtMs: ms,
        dayIndex: d,
        seed: tiktokRng.nextU32(),
        ordinal: 0,
      });
    }
  }

  // The causal preset: Meta's and Google's caused orders (guests of their own stream), then the geo test.
  if (ctx.causal) {
    const causalRng = new Rng(mixSeeds(seed, hashString('causal-orders')));
    for (const channel of ctx.causal.channels) {
      if (channel.spec.key === 'tiktok_ads') continue;
      causedBy = channel.spec.key;
      for (let d = 0; d < days; d += 1) {
        if (calendar.closed[d]) continue;
        const count = causalRng.poisson(channel.expected[d]!);
        for (let k = 0; k < count; k += 1) {
          record({
            kind: 1,
            customerIndex: -1,
            createdAtMs: localToUtcMs(SHOP_TZ, startDay + d, drawSecondOfDay(causalRng)),
            dayIndex: d,
            seed: causalRng.nextU32(),
            ordinal: 0,
          });
        }
      }
    }
    causedBy = null;
    geoLift!.plant(seed, record);
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
        kind: kinds[index] as 0 | 1 | 2 | 3,
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
  const ga4 = buildGa4(ctx, seed, {
    dailyOrders,
    dailyTracked,
    dailyTrackedRevenue,
    campaignTracked,
    metaDaily: meta.daily,
    countryOrders,
    tiktok: ga4TikTok.inputs,
  });
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
  // The orders GA4's facts are built from: the six mixed channels' and TikTok's (decision 142).
  const storeOrders = dailyOrders.reduce((s, v) => s + v, 0) + ga4TikTok.orderCount();
  const groundTruth: GroundTruth = {
    seed,
    preset: options.preset,
    startDate: config.startDate,
    endDate,
    shopCurrency: currency,
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
    creatives: creativeTruth(meta.ads, meta.campaigns, endDate),
    profit: profitTruth.finish(
      meta.daily,
      Object.values(adTruth).map((a) => a.dailyShopSpendMinor),
    ),
    firstParty: firstPartyTruth(revenueOrders, joinable),
    baskets: {
      pairs: pairTruth.finish(),
      note: 'Planted co-purchases: an order holding A gains one unit of B with the stated probability (its own PRNG stream). lift is the expected lift over sale orders (not test, not cancelled) of all days, given each order’s basket before planting.',
    },
    tiktokOrders: tiktokTruth.finish(),
    ...(mmmTruth && geoLift ? { mmm: mmmTruth.finish(), geoLift: geoLift.finish() } : {}),
  };

  return {
    config,
    shop: {
      id: shopIdentity.shopId,
      name: shopIdentity.name,
      myshopifyDomain: shopIdentity.domain,
      email: 'owner@upside-demo.example',
      currencyCode: currency,
      ianaTimezone: SHOP_TZ,
      timezoneAbbreviation: formatZoned(SHOP_TZ, endInstantMs).slice(-6).startsWith('-04') ? 'EDT' : 'EST',
      planDisplayName: 'Advanced',
      primaryDomainUrl: DEMO_STOREFRONT_URL,
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

/** Ground truth of the first-party join (issue 16): the share of revenue orders a join can find. */
function firstPartyTruth(
  orders: number,
  byMethod: Record<DemoJoinMethod, number>,
): GroundTruth['firstParty'] {
  const joinableOrders = Object.values(byMethod).reduce((sum, n) => sum + n, 0);
  return {
    orders,
    joinableOrders,
    joinableShare: orders > 0 ? Math.round((joinableOrders / orders) * 10_000) / 10_000 : 0,
    byMethod,
    note: 'Revenue orders (not test, not cancelled) whose planted tracker session one of the fallbacks (visitor id in the cart attributes, checkout token, landing page with UTM, e-mail hash of a signed-in customer) can find; src/demo/generator/plan-site-visit.ts states the shares.',
  };
}
