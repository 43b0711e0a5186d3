/** The demo generator's fixed plan (shop, channel mixes, Meta campaigns) and the context its passes share. */

import type { CausalChannelKey } from '../ad-platforms/plan-causal-flights.ts';
import type { GoogleClickIndex } from '../ad-platforms/plan-google-clicks.ts';
import { COUNTRIES } from '../catalog.ts';
import type { MetaCampaign } from '../meta-model.ts';
import type { DemoCustomer, DemoStore, StoreConfig } from '../model.ts';
import { DEMO_CHANNELS, type DemoChannel } from '../model-terms.ts';
import type { DemandCalendar } from '../seasonality.ts';
import type { CampaignTruth } from '../truth-model.ts';

export const SHOP_TZ = 'America/New_York';
export const SHOP_CURRENCY = 'USD';
export const DEMO_SHOP_DOMAIN = 'upside-demo.myshopify.com';

/**
 * Shop currencies the generator plants stores in: two-digit ones only, because catalogue prices,
 * shipping, fees and the Gamma-Gamma basket targets are planted as hundredths of the shop
 * currency (a zero-digit currency such as JPY would make a $59 kettle cost ¥59).
 */
export const SHOP_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD'] as const;

/** The shop a store of this currency is: the USD one is the demo store; others get their own domain and name. */
export function demoShopIdentity(currency: string): { domain: string; name: string; shopId: string } {
  if (currency === SHOP_CURRENCY)
    return { domain: DEMO_SHOP_DOMAIN, name: 'Upside Demo Goods', shopId: 'gid://shopify/Shop/68817420001' };
  const index = SHOP_CURRENCIES.indexOf(currency as (typeof SHOP_CURRENCIES)[number]);
  return {
    domain: `upside-demo-${currency.toLowerCase()}.myshopify.com`,
    name: `Upside Demo Goods ${currency}`,
    shopId: `gid://shopify/Shop/6881742000${index + 1}`,
  };
}

/**
 * The channels customers' and guests' orders draw from: every one but TikTok (decision 131), whose
 * orders are planted from its spend instead. The weights below leave TikTok out rather than give it
 * 0, so no draw can ever land on it.
 */
type MixChannel = Exclude<DemoChannel, 'tiktok_ads'>;
const MIX_CHANNELS = DEMO_CHANNELS.filter((c): c is MixChannel => c !== 'tiktok_ads');

export const ACQUISITION_MIX: Record<DemoChannel, number> = {
  meta_ads: 0.27,
  google_ads: 0.2,
  google_organic: 0.2,
  email: 0.06,
  direct: 0.17,
  referral: 0.1,
  tiktok_ads: 0,
};
export const REPEAT_MIX: Record<DemoChannel, number> = {
  meta_ads: 0.12,
  google_ads: 0.1,
  google_organic: 0.1,
  email: 0.34,
  direct: 0.28,
  referral: 0.06,
  tiktok_ads: 0,
};

export const COUNTRY_WEIGHTS = COUNTRIES.map((c) => c.share);
/** Indexed like DEMO_CHANNELS (TikTok, its last, has no weight here). */
export const ACQUISITION_WEIGHTS = MIX_CHANNELS.map((c) => ACQUISITION_MIX[c]);
export const REPEAT_WEIGHTS = MIX_CHANNELS.map((c) => REPEAT_MIX[c]);

/** GA4's facts are built per channel over the first six (build-ga4.ts), TikTok's orders apart. */
export const GA4_CHANNELS = MIX_CHANNELS.length;

/** Share of store orders the GA4 tag records (ad blockers and consent refusals hide the rest). */
export const GA4_TRACKED_SHARE = 0.84;

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

export const CAMPAIGN_PLANS: readonly CampaignPlan[] = [
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

/** The TikTok account's campaigns and the orders each is expected to bring per day (plan-tiktok-orders.ts). */
export interface TikTokOrderPlan {
  /** Each campaign with the product it advertises (its orders land on that product's page) and its ads' ids. */
  campaigns: { id: string; name: string; productIndex: number; adIds: string[] }[];
  /** Expected orders per day and campaign: `[dayIndex * campaigns + campaign]`. */
  expected: Float64Array;
}

/** One paid channel's planted response in the `causal` preset (plan-causal-ads.ts). */
export interface CausalChannelSpec {
  key: CausalChannelKey;
  name: string;
  /** Daily geometric decay of the adstock. */
  decay: number;
  /** Hill shape and half-saturation point as a multiple of the channel's mean daily spend. */
  shape: number;
  halfSaturationOfMeanSpend: number;
  /** Expected incremental net sales per unit of spend at the model's mean basket. */
  targetRoas: number;
}

export interface CausalChannelPlan {
  spec: CausalChannelSpec;
  /** Spend per store day in shop-currency major units. */
  spend: Float64Array;
  /** Expected caused orders per store day. */
  expected: Float64Array;
  halfSaturation: number;
  effect: number;
}

export interface CausalPlan {
  /** Meta spend per campaign and day in shop minor units: `[campaign * days + day]`. */
  metaSpendMinor: Float64Array;
  channels: CausalChannelPlan[];
}

export interface Ctx {
  config: StoreConfig;
  /** The shop currency (ISO 4217, two digits): every `*Minor` amount of the store is in it. */
  currency: string;
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
  /** The TikTok account's campaigns and their expected orders per day (plan-tiktok-orders.ts). */
  tiktok: TikTokOrderPlan;
  /** The `causal` preset's planted spend and response (plan-causal-ads.ts); null in the others. */
  causal: CausalPlan | null;
  /** The Google Ads account's delivered ad groups per day: a Google visit's click names one (plan-google-clicks.ts). */
  googleClicks: GoogleClickIndex;
}
