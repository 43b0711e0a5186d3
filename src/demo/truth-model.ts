/**
 * The demo's ground truth: what the generator planted (channels, campaigns, stock-outs, the
 * marketing-mix response and geo lift, TikTok's orders, product pairs, profit) for the end-to-end
 * checks and the export's truth. Money is integer minor units; days are the shop's.
 */

import type { CreativeTruth } from './meta-model.ts';
import type {
  BgNbdParams,
  DemoChannel,
  DemoJoinMethod,
  GammaGammaParams,
  PresetName,
} from './model-terms.ts';
import type { ProfitTruth } from './profit/model.ts';

export interface PlantedStockout {
  productIndex: number;
  productTitle: string;
  variantIndex: number;
  variantId: string;
  sku: string;
  startDate: string;
  /** Last out-of-stock day; null = still out of stock on the end date. */
  endDate: string | null;
  /** Units shoppers wanted over the window: one realised draw of the demand (its own ±20–35 % noise). */
  lostUnits: number;
  /** lostUnits × list price. */
  lostRevenueMinor: number;
  /**
   * Units the generating process expects shoppers to want over the window (rounded to 0.01): the
   * sum of its own purchase intensities and basket probabilities over the window days, given each
   * customer's arrival, purchase rate and drop-out; the realised lostUnits is one draw around it.
   * An estimator can aim at this, not at the draw (decision 008).
   */
  expectedLostUnits: number;
  /** Expected lost units (unrounded) × list price, rounded to whole minor units. */
  expectedLostRevenueMinor: number;
  /** Orders that did not happen at all because every wanted item was out of stock. */
  lostOrders: number;
  currency: string;
}

export interface ChannelTruth {
  channel: DemoChannel;
  orders: number;
  /** Σ totalPrice (shop money) of non-test, non-cancelled orders last-touched by the channel. */
  revenueMinor: number;
  /** Same after refunds. */
  netRevenueMinor: number;
  /** Orders whose first visit came from the channel. */
  firstTouchOrders: number;
}

export interface CampaignTruth {
  campaignIndex: number;
  id: string;
  name: string;
  status: 'ACTIVE' | 'PAUSED';
  role: 'high_roas' | 'wasteful' | 'out_of_stock_traffic' | 'regular';
  spendMinor: number;
  verifiedOrders: number;
  verifiedRevenueMinor: number;
  reportedPurchases: number;
  /** verifiedRevenue / spend. */
  trueRoas: number;
  productIndex: number | null;
}

export interface GroundTruth {
  seed: number;
  preset: PresetName;
  startDate: string;
  endDate: string;
  shopCurrency: string;
  timeZone: string;
  customers: number;
  orders: number;
  testOrders: number;
  guestOrders: number;
  cancelledOrders: number;
  bgnbd: BgNbdParams & { timeUnit: 'weeks'; note: string };
  gammaGamma: GammaGammaParams & {
    /** Population mean basket p·γ/(q − 1) of the model, and the realised mean over customer orders. */
    modelMeanBasket: number;
    realizedMeanBasket: number;
    note: string;
  };
  stockouts: PlantedStockout[];
  channels: ChannelTruth[];
  campaigns: CampaignTruth[];
  plantedCampaigns: {
    highRoas: { id: string; name: string };
    wasteful: { id: string; name: string };
    outOfStockTraffic: { id: string; name: string; productIndex: number; productTitle: string };
  };
  closedDays: string[];
  holidayPeaks: { name: string; startDate: string; endDate: string; multiplier: number }[];
  ga4: { sessions: number; purchases: number; storeOrders: number; trackedShare: number };
  creatives: CreativeTruth;
  /** Every P&L line of decision 010 per shop day and in total (src/demo/profit/truth.ts). */
  profit: ProfitTruth;
  /**
   * First-party journeys (issue 16) over revenue orders (not test, not cancelled): how many have a
   * tracker session that one of the join's fallbacks can find, and by which first.
   */
  firstParty: {
    orders: number;
    joinableOrders: number;
    joinableShare: number;
    byMethod: Record<DemoJoinMethod, number>;
    note: string;
  };
  /** Product pairs planted in the baskets (issue #44, decision 123, generator/plant-pairs.ts). */
  baskets: { pairs: PlantedPairTruth[]; note: string };
  /** Orders planted from the TikTok account's clicks (issue #39, decision 131). */
  tiktokOrders: TikTokOrdersTruth;
  /** The `causal` preset only (decision 136): what each paid channel's spend causes. */
  mmm?: MmmTruth;
  /** The `causal` preset only (decision 136): the planted geo test. */
  geoLift?: GeoLiftTruth;
}

/** One paid channel's planted response: incremental orders per day = effect × Hill(adstock(spend)). */
export interface MmmChannelTruth {
  /** As the Measurement page names it: Meta, Google Ads, TikTok Ads. */
  name: string;
  /** Geometric adstock over shop days: a(t) = Σ decay^l · spend(t − l) / Σ decay^l (l < maxLag). */
  adstock: { kind: 'geometric'; decay: number; decayPerWeek: number; maxLag: number };
  /** Hill curve of the adstocked daily spend (shop-currency major units a day). */
  saturation: { kind: 'hill'; halfSaturation: number; shape: number };
  /** Expected incremental orders a day at full saturation. */
  effect: number;
  spendMinor: number;
  /** Revenue orders (not test, not cancelled) the spend caused, and their net sales (gross − discounts − returns). */
  orders: number;
  netSalesMinor: number;
  /** netSales / spend over the window: the true incremental ROAS on the model's target. */
  roas: number;
  /** This channel's share of every channel's incremental net sales. */
  contributionShare: number;
}

export interface MmmTruth {
  channels: MmmChannelTruth[];
  /** Net sales of every revenue order over the window (baseline + incremental), shop minor units. */
  netSalesMinor: number;
  note: string;
}

/** A planted geo holdout: the test regions' orders grow by `lift` over the window, the controls' do not. */
export interface GeoLiftTruth {
  /** Regions are shipping countries (ISO 3166 codes): the demo's shoppers have one region per country. */
  testRegions: string[];
  controlRegions: string[];
  start: string;
  end: string;
  /** The planted lift: each test region's revenue orders of a window day gain Poisson(lift × that day's orders). */
  lift: number;
  /** Revenue orders shipped to the test regions over the window, before and from the planting. */
  baselineOrders: number;
  plantedOrders: number;
  plantedNetSalesMinor: number;
  /** plantedOrders / baselineOrders: the lift realised on this store. */
  realisedLift: number;
  note: string;
}

/** One demo TikTok campaign's planted orders: revenue orders (not test, not cancelled). */
export interface TikTokCampaignOrders {
  campaignId: string;
  name: string;
  /** The landing URL's utm_campaign (TikTok's __CAMPAIGN_NAME__ macro: the campaign's name). */
  utmCampaign: string;
  orders: number;
  /** Σ totalPrice in shop money, before refunds. */
  revenueMinor: number;
  /** Orders whose ttclid-carrying tracker session a first-party join can find (site.joinBy set). */
  ttclidJoinableOrders: number;
}

export interface TikTokOrdersTruth {
  orders: number;
  revenueMinor: number;
  campaigns: TikTokCampaignOrders[];
  note: string;
}

/** A planted pair: B joins an order holding A with `probability`; `lift` is the planted (expected) lift. */
export interface PlantedPairTruth {
  a: { productId: string; legacyId: number; title: string };
  b: { productId: string; legacyId: number; title: string };
  probability: number;
  lift: number;
}
