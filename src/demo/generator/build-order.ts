import { DAY_MS } from '../../shared/calendar.ts';
import { adIdsOfGroup, adOfClick } from '../ad-platforms/plan-ad-platform-ads.ts';
import { googleClickTarget } from '../ad-platforms/plan-google-clicks.ts';
import { dayToIso } from '../calendar.ts';
import { COUNTRIES, FIRST_NAMES, LAST_NAMES } from '../catalog.ts';
import type { OrderEvent } from '../event-columns.ts';
import type { MetaCampaign } from '../meta-model.ts';
import type {
  DemoJourney,
  DemoLineItem,
  DemoOrder,
  DemoRefund,
  DemoVisit,
  FinancialStatus,
  FulfillmentStatus,
} from '../model.ts';
import { DEMO_CHANNELS, type DemoChannel } from '../model-terms.ts';
import { convertMinor, usdRateOn } from '../money.ts';
import { Rng } from '../prng.ts';
import {
  ACQUISITION_WEIGHTS,
  COUNTRY_WEIGHTS,
  type Ctx,
  GA4_TRACKED_SHARE,
  REPEAT_WEIGHTS,
  SHOP_CURRENCY,
} from './context.ts';
import { adOfVisit, FATIGUING } from './plan-ads.ts';
import { cartTokenOf, gclidOf, planSiteVisit, ttclidOf } from './plan-site-visit.ts';
import { pickTikTokCampaign } from './plan-tiktok-orders.ts';
import { plantPartners } from './plant-pairs.ts';

interface BuiltOrder {
  order: DemoOrder | null;
  lost: { variantIndex: number; quantity: number; dayIndex: number }[];
  /** How many planted partner lines (plant-pairs.ts) end the order's line items. */
  plantedLines: number;
}

const DISCOUNT_CODES = { welcome: 'WELCOME10', peak: 'BFCM25', generic: 'SAVE15' } as const;

function channelVisit(
  ctx: Ctx,
  rng: Rng,
  channel: DemoChannel,
  atMs: number,
  landing: string,
  campaign: MetaCampaign | null,
  tiktokCampaign: { name: string; adIds: readonly string[] } | null,
  /** the click id its landing URL will carry (plan-site-visit.ts): the Google and TikTok ads are hashed from it */
  clickId: string,
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
      utm.content = campaign
        ? adOfVisit(campaign, atMs, (ctx.endDay - FATIGUING.daysBeforeEnd) * DAY_MS).id
        : null;
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
      utm.content = googleAdOfClick(ctx, gclidOf(clickId), atMs, utm.campaign);
      break;
    case 'tiktok_ads':
      // TikTok's URL parameters with its __CAMPAIGN_NAME__ macro (decision 131); the ttclid is
      // added with the landing URL's click id (plan-site-visit.ts).
      source = 'tiktok';
      sourceType = 'SOCIAL';
      referrerUrl = 'https://www.tiktok.com/';
      utm.source = 'tiktok';
      utm.medium = 'paid_social';
      utm.campaign = tiktokCampaign?.name ?? 'tiktok';
      // TikTok's __CID__ macro: the ad (creative) id, one of the campaign's ads
      utm.content = tiktokCampaign ? adOfClick(tiktokCampaign.adIds, ttclidOf(clickId)) : null;
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

/**
 * The Google ad of a click, as `{creative}` writes it into utm_content: an ad of the campaign and
 * ad group the account's click_view names for that gclid (plan-google-clicks.ts); null when the
 * account spent nothing that day or the campaign has no ads (Performance Max).
 */
function googleAdOfClick(ctx: Ctx, gclid: string, atMs: number, utmCampaign: string | null): string | null {
  const target = googleClickTarget(ctx.googleClicks, gclid, atMs, utmCampaign);
  if (!target) return null;
  const type = ctx.googleClicks.typeOf.get(target.campaignId) ?? '';
  return adOfClick(adIdsOfGroup('google_ads', type, target.adGroupId), gclid);
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

export function activeCampaigns(ctx: Ctx, dayIndex: number): number[] {
  const active: number[] = [];
  for (let c = 0; c < ctx.campaignWindows.length; c += 1) {
    const w = ctx.campaignWindows[c]!;
    if (dayIndex >= w.start && dayIndex <= w.stop) active.push(c);
  }
  return active;
}

/**
 * A guest's shipping country (index into COUNTRIES): the first draw of its order's stream, so a
 * planter can pick a seed by the country it ships to (plant-geo-lift.ts).
 */
export function drawGuestCountry(rng: Rng): number {
  return rng.weightedIndex(COUNTRY_WEIGHTS);
}

/**
 * Turns one purchase event into a full order. Pure in (ctx, event): pass 1 and on-demand
 * materialisation call it with the same event and get the same order.
 */
export function buildOrder(ctx: Ctx, ev: OrderEvent, index: number): BuiltOrder {
  const rng = new Rng(ev.seed);
  const customer = ev.kind === 0 ? ctx.customers[ev.customerIndex]! : null;
  const isTest = ev.kind === 2;
  const shop = ctx.currency;
  const countryRng = customer ? null : drawGuestCountry(rng);
  const country = customer
    ? (COUNTRIES.find((c) => c.code === customer.countryCode) ?? COUNTRIES[0]!)
    : COUNTRIES[isTest ? 0 : (countryRng ?? 0)]!;
  const tiktok = ev.kind === 3;
  const channel: DemoChannel = isTest
    ? 'direct'
    : tiktok
      ? 'tiktok_ads'
      : ev.ordinal === 0 && customer
        ? customer.acquisitionChannel
        : DEMO_CHANNELS[rng.weightedIndex(ev.ordinal === 0 ? ACQUISITION_WEIGHTS : REPEAT_WEIGHTS)]!;
  let finalChannel = channel;
  let campaign: MetaCampaign | null = null;
  const tiktokCampaign = tiktok ? pickTikTokCampaign(ctx.tiktok, rng, ev.dayIndex) : null;
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
  } else if (tiktokCampaign) {
    landingVariant = ctx.products[tiktokCampaign.productIndex]!.variantIndexes[0]!;
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
      // A TikTok shopper's sold-out item is left out, not counted lost: the planted stock-outs'
      // expected lost demand (expected-lost-demand.ts) knows only customers' and guests' orders.
      if (tiktok) continue;
      lost.push({ variantIndex, quantity, dayIndex: ev.dayIndex });
    } else {
      lines.push({ variantIndex, quantity });
    }
  }
  if (lines.length === 0) return { order: null, lost, plantedLines: 0 };
  const plantedLines = isTest ? 0 : plantPartners(ctx, ev.seed, ev.dayIndex, lines);

  // Units of the presentment currency per unit of the shop currency (both quoted against USD).
  const perUsd = usdRateOn(customer?.currency ?? country.currency, ev.dayIndex + ctx.startDay);
  const rate = shop === SHOP_CURRENCY ? perUsd : perUsd / usdRateOn(shop, ev.dayIndex + ctx.startDay);
  const presentment = isTest ? shop : (customer?.currency ?? country.currency);
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
      unitPricePresentmentMinor: convertMinor(variant.priceMinor, shop, presentment, rate),
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
        totalPresentmentMinor: convertMinor(total, shop, presentment, rate),
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

  const legacyId = 5_200_000_000_000 + index * 13;
  let journey: DemoJourney | null = null;
  if (!isTest) {
    // The click ids plan-site-visit.ts puts in the landing URLs of the last and the first visit.
    const clickId = legacyId.toString(36);
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
      tiktokCampaign,
      clickId,
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
            firstChannel === finalChannel ? tiktokCampaign : null,
            `${clickId}f`,
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
    currencyCode: shop,
    presentmentCurrencyCode: presentment,
    presentmentRate: presentment === shop ? 1 : rate,
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
    tiktokCampaignId: tiktokCampaign?.id ?? null,
    ga4Tracked: !isTest && rng.chance(GA4_TRACKED_SHARE),
    cartToken: cartTokenOf(legacyId),
    site: planSiteVisit({ seed: ev.seed, legacyId, journey, email, signedIn: customer !== null }),
  };
  return { order, lost, plantedLines };
}
