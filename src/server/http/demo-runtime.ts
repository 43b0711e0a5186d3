import type { DemoCredentials } from '../../shared/contracts/credentials.ts';
import type { CursorEvent } from '../../shared/contracts/cursor-tracking.ts';
import type { DemoProfitSetup } from '../../shared/contracts/demo-profit.ts';

/**
 * The demo store as the server sees it. The CLI starts the emulators (src/demo) and hands this in,
 * so the server never imports demo code (design §3 import rules).
 */
export interface DemoRuntime {
  /** The emulators' base URLs; `ecb` is the reference-rate feed's folder (…/stats/eurofxref). */
  baseUrls: {
    shopify: string;
    ga4: string;
    meta: string;
    ecb?: string;
    /** the Google Ads and TikTok emulators (issue #39) */
    googleAds?: string;
    tiktok?: string;
  };
  credentials: DemoCredentials;
  /** What the demo owner would enter by hand for profit (costs, shipping profiles, fee rules, expenses). */
  profitSetup?: DemoProfitSetup;
  /** The Shopify emulator's live orders (POST /api/demo/live): placed every few seconds, delivered as webhooks. */
  liveOrders?: { readonly enabled: boolean; start(intervalMs: number): void; stop(): void };
  /**
   * The demo storefront's tracker sessions (issue 16): connecting the demo store records them as a
   * tracked website of `origin`, through the event writer, before the first sync.
   */
  storefront?: {
    origin: string;
    eventBatches(): Iterable<CursorEvent[]>;
    /**
     * The planted checkouts (issue 40, decision 113): runs the site's custom pixel `code` in the
     * demo's Shopify-shaped sandbox over each checkout journey and yields what it sent, per journey.
     */
    checkoutBeacons?(code: string): AsyncIterable<{ url: string; body: string }[]>;
    /** What the live demo storefront page shows (issue 16 item 5): the shop's name, currency and a few products. */
    catalog?: {
      shopName: string;
      currency: string;
      products: { handle: string; title: string; variantId: number; priceMinor: number }[];
    };
  };
  /**
   * A second demo shop in another currency (issue #17): Shopify only, on its own emulator, the same
   * demo secrets. `POST /api/demo/stores` adds it to the caller's workspace as a store of its own.
   */
  second?: {
    name: string;
    currency: string;
    shopDomain: string;
    /** `http://HOST:PORT/store/{shopDomain}` */
    shopifyBaseUrl: string;
    profitSetup?: DemoProfitSetup;
  };
  /** The Slack incoming-webhook emulator: a Slack channel to add and test with no setup (issue #14). */
  slack?: {
    webhookUrl: string;
    readonly received: readonly { text: string | undefined; receivedAt: string }[];
  };
}
