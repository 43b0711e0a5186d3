/**
 * Upside's Shopify custom pixel (issue 40, decision 107): the code a shop owner pastes into Shopify
 * admin → Settings → Customer events. Shopify runs it in its lax sandbox, a worker-like frame with
 * no DOM, where `analytics`, `browser`, `init` and `customerPrivacy` are globals (contract
 * external-apis-2 §3.2). It is the only way into checkout since the checkout extensibility
 * migration, so it completes the theme tracker (tracker.ts): same ingestion endpoint, same site key,
 * same visitor id, so storefront and checkout events form one journey.
 *
 * Written for size like the tracker (budget 2,048 B gzipped, measured by build.ts): it subscribes to
 * the standard events of PIXEL_EVENTS, keeps nothing until the visitor allows analytics processing
 * (events seen before are held, never sent, and dropped with the page when consent never comes), and
 * sends batches as plain-text JSON (a "simple" CORS request) with `browser.sendBeacon`: at most one
 * per second, and at once on `checkout_completed`. Every batch records the visitor's consent state.
 * The visitor id is the theme tracker's `_upside_vid` cookie, else the cart attribute of the same
 * name; the session id is the theme tracker's `upside_sid` of the tab; Shopify's client id goes
 * along. The buyer's e-mail (the join's last fallback) leaves only as a sha256 hash, and only with
 * marketing consent.
 */

import { PIXEL_EVENTS } from '../shared/pixel-event-names.ts';

/** What the app writes into the generated code for one site (see customPixelCode on the server). */
export interface PixelConfig {
  /** The site's public tracking id. */
  t: string;
  /** The site's write-only ingestion key. */
  k: string;
  /** The ingestion endpoint, absolute. */
  e: string;
}

interface Money {
  amount: number;
  currencyCode: string;
}

interface Consent {
  analyticsProcessingAllowed?: boolean;
  marketingAllowed?: boolean;
  preferencesProcessingAllowed?: boolean;
  saleOfDataAllowed?: boolean;
}

/** The parts of a standard event (@shopify/web-pixels-extension 2.18 typings) the pixel reads. */
interface ShopifyEvent {
  id: string;
  name: string;
  clientId: string;
  timestamp: string;
  context?: { document?: { location?: { href?: string } }; window?: { innerWidth?: number } };
  data?: {
    checkout?: {
      token?: string | null;
      email?: string | null;
      totalPrice?: Money | null;
      order?: { id?: string | null } | null;
    };
    cart?: { id?: string | null } | null;
  };
}

/** The sandbox's globals (contract external-apis-2 §3.2). */
export interface PixelSandbox {
  analytics: { subscribe(name: string, callback: (event: ShopifyEvent) => void): unknown };
  browser: {
    cookie: { get(name: string): Promise<string> };
    sessionStorage: { getItem(key: string): Promise<string | null> };
    sendBeacon(url: string, body: string): Promise<boolean>;
  };
  init: {
    customerPrivacy?: Consent;
    data?: { cart?: { id?: string | null; attributes?: { key: string; value: string }[] } | null };
  };
  customerPrivacy?: {
    subscribe(
      name: 'visitorConsentCollected',
      callback: (event: { customerPrivacy: Consent }) => void,
    ): unknown;
  };
}

/** One pixel event on the wire (PixelEventSchema in src/shared/contracts/pixel-events.ts). */
export interface PixelWireEvent {
  id: string;
  name: string;
  timestamp: string;
  pageUrl?: string;
  viewportWidth?: number;
  checkoutToken?: string;
  cartToken?: string;
  orderId?: string;
  totalPrice?: number;
  currency?: string;
  emailHash?: string;
}

/** The token of a Storefront cart id (`gid://shopify/Cart/<token>?key=…`), as the order's cartToken. */
const cartTokenOf = (id?: string | null) => id?.split('/').pop()?.split('?')[0];

/** Starts the pixel in the sandbox `g`. */
export function startPixel(c: PixelConfig, g: PixelSandbox): void {
  const { browser, init } = g;
  const cp = init.customerPrivacy || {};
  /** Consent as last known: the page's, then every update. */
  let consent = cp;
  const allowed = () => consent.analyticsProcessingAllowed !== false;
  const queue: PixelWireEvent[] = [];
  let timer = 0;
  const cart = init.data?.cart;
  const who = Promise.all([
    browser.cookie.get('_upside_vid').catch(() => ''),
    browser.sessionStorage.getItem('upside_sid').catch(() => null),
  ]);

  const send = async () => {
    timer = 0;
    if (!allowed() || !queue.length) return;
    const [cookie, sessionId] = await who;
    const events = queue.splice(0, 100);
    const visitorId =
      (cookie || cart?.attributes?.find((a) => a.key === '_upside_vid')?.value || '').replace(/\W/g, '') ||
      undefined;
    browser.sendBeacon(
      c.e,
      JSON.stringify({
        trackingId: c.t,
        apiKey: c.k,
        pixel: {
          clientId,
          visitorId,
          sessionId: sessionId || undefined,
          consent: {
            analytics: allowed(),
            marketing: !!consent.marketingAllowed,
            preferences: !!consent.preferencesProcessingAllowed,
            saleOfData: !!consent.saleOfDataAllowed,
          },
        },
        events,
      }),
    );
    if (queue.length) send();
  };
  const later = (ms: number) => {
    if (!timer) timer = setTimeout(send, ms) as unknown as number;
  };
  let clientId = '';

  g.customerPrivacy?.subscribe('visitorConsentCollected', (e) => {
    consent = e.customerPrivacy;
    later(0);
  });

  /** sha256 hex of a lower-cased, trimmed e-mail (the join's last fallback). */
  const hash = async (email: string) =>
    [
      ...new Uint8Array(
        await crypto.subtle.digest('SHA-256', new TextEncoder().encode(email.trim().toLowerCase())),
      ),
    ]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('');

  for (const name of PIXEL_EVENTS)
    g.analytics.subscribe(name, async (e) => {
      clientId = e.clientId;
      const k = e.data?.checkout;
      const price = k?.totalPrice;
      const ev: PixelWireEvent = {
        id: e.id,
        name,
        timestamp: e.timestamp,
        pageUrl: e.context?.document?.location?.href,
        viewportWidth: e.context?.window?.innerWidth,
        checkoutToken: k?.token || undefined,
        cartToken: cartTokenOf(e.data?.cart?.id || cart?.id),
        orderId: k?.order?.id?.replace(/\D/g, '') || undefined,
        totalPrice: price?.amount,
        currency: price?.currencyCode,
        emailHash: k?.email && consent.marketingAllowed ? await hash(k.email) : undefined,
      };
      queue.push(ev);
      later(name === 'checkout_completed' ? 0 : 1000);
    });
}
