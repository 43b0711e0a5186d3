/**
 * Starts the three demo emulators on 127.0.0.1 (port 0 = ephemeral unless given) over one
 * generated store, and hands back their base URLs, the demo credentials, the store and its ground
 * truth. Demo mode, the CLI and other teams' tests call this. Stores are cached in memory per
 * (preset, seed, endDate, size overrides) so repeated starts within a process are instant.
 */

import { addDays } from '../shared/calendar.ts';
import type { CursorEvent } from '../shared/contracts/cursor-tracking.ts';
import type { DemoProfitSetup } from '../shared/contracts/demo-profit.ts';
import { planAdPlatformAds } from './ad-platforms/plan-ad-platform-ads.ts';
import { demoAdPlatformPlan, type PlannedAdAccount } from './ad-platforms/plan-ad-platforms.ts';
import { type PlannedClick, planGoogleClicks } from './ad-platforms/plan-google-clicks.ts';
import {
  buildDemoCredentials,
  DEMO_SECRETS,
  type DemoBaseUrls,
  type DemoCredentials,
} from './credentials.ts';
import { type Closeable, closeAll } from './emulators/close-all.ts';
import { buildEcbEmulator, type EcbEmulator } from './emulators/ecb/app.ts';
import type { FaultSettings } from './emulators/faults.ts';
import { buildGa4Emulator, type Ga4Emulator } from './emulators/ga4/app.ts';
import { buildGoogleAdsEmulator, type GoogleAdsEmulator } from './emulators/google-ads/app.ts';
import { buildMetaEmulator, type MetaEmulator } from './emulators/meta/app.ts';
import { buildShopifyEmulator, type ShopifyEmulator } from './emulators/shopify/app.ts';
import type { LiveOrders } from './emulators/shopify/live-orders.ts';
import { createPixelSandbox, type PixelBeacon } from './emulators/shopify/pixel-sandbox.ts';
import { buildTikTokEmulator, type TikTokEmulator } from './emulators/tiktok-ads/app.ts';
import { generateStore } from './generate-store.ts';
import { DEMO_STOREFRONT_URL } from './generator/plan-site-visit.ts';
import type { DemoStore } from './model.ts';
import type { PresetName } from './model-terms.ts';
import { demoProfitSetup } from './profit/setup.ts';
import { plantOrderDrop } from './scenarios/plant-order-drop.ts';
import { storefrontCheckoutJourneys } from './storefront-checkout.ts';
import { storefrontCatalog, storefrontEventBatches } from './storefront-events.ts';
import type { GroundTruth } from './truth-model.ts';

export interface StartDemoEmulatorsOptions {
  preset?: PresetName;
  seed?: number;
  /** Last day of data (shop time zone), 'YYYY-MM-DD'; default: the fixed DEFAULT_END_DATE. */
  endDate?: string;
  /** Size overrides (mainly for `custom`). */
  customers?: number;
  days?: number;
  /** Use this store instead of generating one. */
  store?: DemoStore;
  /**
   * A second demo shop in another currency (issue #17's All-stores views): generated with its own
   * seed (default seed + 1) over the same days and preset, served by a Shopify emulator of its own.
   * The first store is generated exactly as without it.
   */
  secondStore?: { currency: string; seed?: number };
  /**
   * The GA4 property's currency (default the shop's): the emulator labels its figures with it, so a
   * property reporting in EUR beside a shop selling in USD can be shown (decision 077).
   */
  ga4Currency?: string;
  /** Scenario knobs: `orderDropDay` halves that shop day's orders (an anomaly for the alerts demo). */
  scenario?: { orderDropDay?: string };
  host?: string;
  ports?: {
    shopify?: number;
    ga4?: number;
    meta?: number;
    ecb?: number;
    secondShopify?: number;
    googleAds?: number;
    tiktok?: number;
  };
  faults?: { shopify?: Partial<FaultSettings>; ga4?: Partial<FaultSettings>; meta?: Partial<FaultSettings> };
  /** Shopify cost bucket of both demo stores (contract default 2000 points, 100/s). */
  shopifyBucket?: { maximumAvailable?: number; restoreRate?: number };
  /** Clock for tokens, buckets and quotas (data never depends on it). */
  now?: () => number;
}

export interface DemoEmulators {
  baseUrls: DemoBaseUrls;
  credentials: DemoCredentials;
  groundTruth: GroundTruth;
  store: DemoStore;
  /** What the demo owner enters by hand for profit; demo mode hands it to the server (`DemoRuntime`). */
  profitSetup: DemoProfitSetup;
  /** "Simulate live orders": the Shopify emulator's order placer (demo mode hands it to the server). */
  liveOrders: LiveOrders;
  /** The demo storefront's planted tracker sessions (issue 16): its origin and their event batches. */
  storefront: {
    origin: string;
    eventBatches(): Iterable<CursorEvent[]>;
    /** The planted checkouts (issue 40): what the given pixel code sends from each, in the Shopify-shaped sandbox. */
    checkoutBeacons(code: string): AsyncGenerator<PixelBeacon[]>;
    catalog: ReturnType<typeof storefrontCatalog>;
  };
  /** The Fastify instances (fault knobs: `emulators.shopify.faults.set({...})`). */
  emulators: {
    shopify: ShopifyEmulator;
    ga4: Ga4Emulator;
    meta: MetaEmulator;
    ecb: EcbEmulator;
    /** the demo's Google Ads and TikTok accounts (issue #39; TikTok bills in EUR) */
    googleAds: GoogleAdsEmulator;
    tiktok: TikTokEmulator;
  };
  /** The second demo shop (option `secondStore`): Shopify only, same demo secrets, its own domain. */
  second?: {
    store: DemoStore;
    groundTruth: GroundTruth;
    /** The shop's name and currency (what the server's "Add the demo store in EUR" names the store). */
    name: string;
    currency: string;
    shopDomain: string;
    /** `http://127.0.0.1:PORT/store/{shopDomain}` */
    shopifyBaseUrl: string;
    profitSetup: DemoProfitSetup;
    emulator: ShopifyEmulator;
  };
  close(): Promise<void>;
}

const storeCache = new Map<string, DemoStore>();

/** Generates (or returns the cached) store for these options. */
export function getDemoStore(
  options: Pick<StartDemoEmulatorsOptions, 'preset' | 'seed' | 'endDate' | 'customers' | 'days'> & {
    currency?: string;
  },
): DemoStore {
  const preset = options.preset ?? 'small';
  const seed = options.seed ?? 42;
  const key = JSON.stringify([
    preset,
    seed,
    options.endDate ?? null,
    options.customers ?? null,
    options.days ?? null,
    options.currency ?? 'USD',
  ]);
  let store = storeCache.get(key);
  if (store) {
    // Most recently used last: the eviction below drops the store unused longest, not the first
    // generated (a test worker asks for seed 7 file after file between other seeds).
    storeCache.delete(key);
    storeCache.set(key, store);
  } else {
    store = generateStore({
      preset,
      seed,
      endDate: options.endDate,
      customers: options.customers,
      days: options.days,
      currency: options.currency,
    });
    if (storeCache.size >= 4) storeCache.delete(storeCache.keys().next().value as string);
    storeCache.set(key, store);
  }
  return store;
}

const googleClicksByStore = new WeakMap<DemoStore, readonly PlannedClick[]>();

/**
 * The Google Ads clicks of a store's sessions, planned once per store object (decision 246).
 * Planning materialises every order (`getOrder` rebuilds each from its event): 0.1–0.3 s of CPU
 * for the small preset, which every start over a cached store (each test file that starts the
 * demo, a worker's hundreds) paid again. `account` is the store's own Google Ads account
 * (`demoAdPlatformPlan(store.config).google`), a function of the store, so the store is the key;
 * the emulator only reads the clicks.
 */
function googleClicksOf(store: DemoStore, account: PlannedAdAccount): readonly PlannedClick[] {
  let clicks = googleClicksByStore.get(store);
  if (!clicks) {
    clicks = planGoogleClicks(account, store);
    googleClicksByStore.set(store, clicks);
  }
  return clicks;
}

export async function startDemoEmulators(options: StartDemoEmulatorsOptions = {}): Promise<DemoEmulators> {
  const generated = options.store ?? getDemoStore(options);
  const store = options.scenario?.orderDropDay
    ? plantOrderDrop(generated, options.scenario.orderDropDay)
    : generated;
  const host = options.host ?? '127.0.0.1';
  const shopify = buildShopifyEmulator({
    store,
    faults: options.faults?.shopify,
    maximumAvailable: options.shopifyBucket?.maximumAvailable,
    restoreRate: options.shopifyBucket?.restoreRate,
    now: options.now,
  });
  const ga4 = buildGa4Emulator({
    store,
    faults: options.faults?.ga4,
    now: options.now,
    currencyCode: options.ga4Currency,
  });
  const meta = buildMetaEmulator({ store, faults: options.faults?.meta, now: options.now });
  // The ECB's reference rates for the All-stores views (issue #17): history from a year before the data.
  const ecb = buildEcbEmulator({ now: options.now, firstDay: addDays(store.inventory.startDate, -365) });
  // The Google Ads and TikTok accounts over the store's days (issue #39), apart from the store's figures.
  const adPlan = demoAdPlatformPlan(store.config);
  const googleAds = buildGoogleAdsEmulator({
    account: adPlan.google,
    oauth: DEMO_SECRETS.googleAds,
    managerId: DEMO_SECRETS.googleAds.managerId,
    clicks: googleClicksOf(store, adPlan.google),
    ads: planAdPlatformAds(adPlan.google, store.config.seed),
  });
  const tiktok = buildTikTokEmulator({
    account: adPlan.tiktok,
    ads: planAdPlatformAds(adPlan.tiktok, store.config.seed),
    accessToken: DEMO_SECRETS.tiktok.accessToken,
  });
  const secondStore = options.secondStore
    ? getDemoStore({
        ...options,
        seed: options.secondStore.seed ?? (options.seed ?? 42) + 1,
        currency: options.secondStore.currency,
      })
    : undefined;
  const secondShopify = secondStore
    ? buildShopifyEmulator({
        store: secondStore,
        maximumAvailable: options.shopifyBucket?.maximumAvailable,
        restoreRate: options.shopifyBucket?.restoreRate,
        now: options.now,
      })
    : undefined;
  const started: Closeable[] = [];
  try {
    const listen = async (
      app: ShopifyEmulator | Ga4Emulator | MetaEmulator | GoogleAdsEmulator | TikTokEmulator,
      port: number | undefined,
    ) => {
      const address = await app.listen({ host, port: port ?? 0 });
      started.push(app);
      return address.replace('localhost', host);
    };
    const shopifyOrigin = await listen(shopify, options.ports?.shopify);
    const ga4Origin = await listen(ga4, options.ports?.ga4);
    const metaOrigin = await listen(meta, options.ports?.meta);
    const googleAdsOrigin = await listen(googleAds, options.ports?.googleAds);
    const tiktokOrigin = await listen(tiktok, options.ports?.tiktok);
    const ecbOrigin = (await ecb.app.listen({ host, port: options.ports?.ecb ?? 0 })).replace(
      'localhost',
      host,
    );
    started.push(ecb);
    let second: DemoEmulators['second'];
    if (secondStore && secondShopify) {
      const origin = await listen(secondShopify, options.ports?.secondShopify);
      second = {
        store: secondStore,
        groundTruth: secondStore.groundTruth,
        name: secondStore.shop.name,
        currency: secondStore.shop.currencyCode,
        shopDomain: secondStore.shop.myshopifyDomain,
        shopifyBaseUrl: `${origin}/store/${secondStore.shop.myshopifyDomain}`,
        profitSetup: demoProfitSetup(secondStore.profit, secondStore.variants),
        emulator: secondShopify,
      };
    }
    const baseUrls: DemoBaseUrls = {
      shopify: `${shopifyOrigin}/store/${store.shop.myshopifyDomain}`,
      ga4: ga4Origin,
      meta: metaOrigin,
      ecb: `${ecbOrigin}/stats/eurofxref`,
      googleAds: googleAdsOrigin,
      tiktok: tiktokOrigin,
    };
    return {
      baseUrls,
      credentials: buildDemoCredentials(baseUrls),
      groundTruth: store.groundTruth,
      store,
      profitSetup: demoProfitSetup(store.profit, store.variants),
      liveOrders: shopify.liveOrders,
      storefront: {
        origin: DEMO_STOREFRONT_URL,
        eventBatches: () => storefrontEventBatches(store),
        checkoutBeacons: (code) => checkoutBeacons(store, code),
        catalog: storefrontCatalog(store),
      },
      emulators: { shopify, ga4, meta, ecb, googleAds, tiktok },
      ...(second ? { second } : {}),
      close: () =>
        closeAll([shopify, ga4, meta, ecb, googleAds, tiktok, ...(secondShopify ? [secondShopify] : [])]),
    };
  } catch (error) {
    await closeAll(started);
    throw error;
  }
}

/** The beacons the pixel `code` sends from each planted checkout of `store`, run in the sandbox. */
async function* checkoutBeacons(store: DemoStore, code: string): AsyncGenerator<PixelBeacon[]> {
  const sandbox = createPixelSandbox(code);
  for (const journey of storefrontCheckoutJourneys(store)) yield await sandbox.run(journey);
}
