import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { catalogue, enqueue } from '../../src/server/jobs/catalogue.ts';
import type { FirstPartyHealth } from '../../src/shared/contracts/first-party.ts';
import type { PixelEvent } from '../../src/shared/contracts/pixel-events.ts';
import type {
  CustomPixel,
  TrackingConfiguration,
} from '../../src/shared/contracts/tracking-configurations.ts';
import { createOrder } from '../support/factories.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { addWebsite, postEvents, workspaceOfSite } from './ingest-helpers.ts';

/**
 * Issue 40, the Shopify custom pixel over real HTTP on the real server and PostgreSQL: the generated
 * code per site and its size; the code run in a sandbox shaped like Shopify's (its globals as the
 * contract external-apis-2 §3.2 lists them), holding events until consent; pixel batches refused
 * for an unknown site, a wrong key or no consent, duplicates dropped, out-of-order accepted; the
 * order join by order id, checkout token, cart token, e-mail hash, also for an order synced after
 * its checkout_completed; the health endpoint's joined share and unjoined reasons.
 */
describe('Shopify custom pixel', () => {
  let app: TestApp;
  let owner: string;
  let site: TrackingConfiguration;
  let workspaceId: string;
  const shop = 'https://pixel-shop.example';

  beforeAll(async () => {
    app = await startTestApp();
    owner = await app.signIn('pixel-owner@example.com', 'Pia');
    site = await addWebsite(app, owner, shop, 'Pixel shop');
    workspaceId = await workspaceOfSite(app.db, site.id);
  });
  afterAll(async () => {
    await app?.close();
  });

  const readPixel = async () => {
    const response = await app.request(`/api/tracking/sites/${site.id}/pixel`, { cookie: owner });
    expect(response.status).toBe(200);
    return (await response.json()) as CustomPixel;
  };

  const consent = { analytics: true, marketing: false, preferences: false, saleOfData: false };
  let seq = 0;
  const event = (name: PixelEvent['name'], overrides: Partial<PixelEvent> = {}): PixelEvent => {
    seq += 1;
    return {
      id: `sh-test-${seq}`,
      name,
      timestamp: new Date(Date.UTC(2026, 10, 27, 10, 0, seq)).toISOString(),
      pageUrl: `${shop}/checkouts/cn/abc`,
      ...overrides,
    };
  };
  const post = (events: PixelEvent[], extra: Record<string, unknown> = {}) =>
    postEvents(app.baseUrl, {
      trackingId: site.trackingId,
      apiKey: site.apiKey,
      pixel: { clientId: 'client-1', visitorId: 'vid1', sessionId: 'sid1', consent },
      events,
      ...extra,
    });
  const storedIds = async () =>
    (
      await queryRows(
        app.db,
        z.object({ event_id: z.string() }),
        sql`SELECT event_id FROM tracking_pixel_events ORDER BY event_id`,
      )
    ).map((r) => r.event_id);
  const journeyOf = async (orderId: number) => {
    const [row] = await queryRows(
      app.db,
      z.object({ method: z.string(), session_id: z.string() }),
      sql`SELECT method, session_id FROM tracking_order_journeys WHERE order_id = ${orderId}`,
    );
    return row ?? null;
  };

  it('generates the site pixel with its key and our ingestion URL, within 2,048 B gzipped', async () => {
    const pixel = await readPixel();
    console.log(`custom pixel: ${Buffer.byteLength(pixel.code)} B, ${pixel.bytesGzip} B gzipped`);
    expect(pixel.code).toContain(site.trackingId);
    expect(pixel.code).toContain(site.apiKey);
    expect(pixel.code).toContain(`${app.baseUrl}/api/cursor-tracking/events`);
    expect(pixel.code).not.toContain('__UPSIDE_PIXEL_CONFIG__');
    for (const name of [
      'checkout_started',
      'payment_info_submitted',
      'checkout_completed',
      'search_submitted',
    ])
      expect(pixel.code).toContain(name);
    expect(pixel.bytesGzip).toBe(gzipSync(pixel.code, { level: 9 }).length);
    expect(pixel.bytesGzip).toBeLessThanOrEqual(2048);
  });

  it("answers 404 for another store's site and 400 for a malformed id", async () => {
    const other = await app.signIn('pixel-other@example.com', 'Otto');
    expect((await app.request(`/api/tracking/sites/${site.id}/pixel`, { cookie: other })).status).toBe(404);
    const bad = await app.request('/api/tracking/sites/not-a-uuid/pixel', { cookie: owner });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('id');
  });

  /**
   * Runs the site's pixel code in a context with only the globals of Shopify's custom-pixel sandbox
   * (contract external-apis-2 §3.2), the theme tracker's cookie and tab session as given, and the
   * page's consent; its beacons are posted to our ingestion as sent.
   */
  const runPixel = async (page: {
    cookie: string;
    tabSession: string | null;
    cart: { id: string; attributes: { key: string; value: string }[] };
    analytics: boolean;
  }) => {
    const { code } = await readPixel();
    const subscribers = new Map<string, (e: unknown) => void>();
    let onConsent: ((e: unknown) => void) | undefined;
    const beacons: Promise<Response>[] = [];
    const sandbox = {
      analytics: { subscribe: (name: string, cb: (e: unknown) => void) => subscribers.set(name, cb) },
      browser: {
        cookie: { get: async (name: string) => (name === '_upside_vid' ? page.cookie : '') },
        sessionStorage: { getItem: async (key: string) => (key === 'upside_sid' ? page.tabSession : null) },
        sendBeacon: async (url: string, body: string) => {
          expect(url).toBe(`${app.baseUrl}/api/cursor-tracking/events`);
          beacons.push(postEvents(app.baseUrl, null, { raw: body }));
          return true;
        },
      },
      init: {
        customerPrivacy: { analyticsProcessingAllowed: page.analytics, marketingAllowed: false },
        data: { cart: page.cart },
      },
      customerPrivacy: { subscribe: (_name: string, cb: (e: unknown) => void) => (onConsent = cb) },
      setTimeout,
      crypto,
      TextEncoder,
      JSON,
      Promise,
    };
    runInNewContext(code, sandbox);
    return {
      subscribers,
      beacons,
      consent: (analyticsProcessingAllowed: boolean) =>
        onConsent!({ customerPrivacy: { analyticsProcessingAllowed, marketingAllowed: false } }),
    };
  };

  it('runs in a Shopify-shaped sandbox: nothing before consent, then one journey with the theme visitor id', async () => {
    const {
      subscribers,
      beacons,
      consent: grant,
    } = await runPixel({
      cookie: 'themevisitor1',
      tabSession: 'themesession1',
      cart: { id: 'gid://shopify/Cart/cart-sandbox-1?key=k', attributes: [] },
      analytics: false,
    });
    expect([...subscribers.keys()]).toContain('checkout_completed');
    subscribers.get('checkout_started')!({
      id: 'sh-sandbox-1',
      name: 'checkout_started',
      clientId: 'shopify-client-9',
      timestamp: '2026-11-27T11:00:00.000Z',
      context: { document: { location: { href: `${shop}/checkouts/cn/xyz` } }, window: { innerWidth: 390 } },
      data: {
        checkout: { token: 'ck-sandbox-1', totalPrice: { amount: 59.9, currencyCode: 'USD' }, order: null },
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(beacons).toHaveLength(0);
    grant(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(beacons).toHaveLength(1);
    const answer = await beacons[0]!;
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(await answer.json()).toEqual({ accepted: 1 });
    const [row] = await queryRows(
      app.db,
      z.object({
        session_id: z.string(),
        visitor_id: z.string(),
        client_id: z.string(),
        checkout_token: z.string(),
        cart_token: z.string(),
        total_minor: z.coerce.number(),
        device: z.string(),
        consent_analytics: z.boolean(),
        consent_marketing: z.boolean(),
      }),
      sql`SELECT session_id, visitor_id, client_id, checkout_token, cart_token, total_minor, device,
        consent_analytics, consent_marketing FROM tracking_pixel_events WHERE event_id = 'sh-sandbox-1'`,
    );
    expect(row).toEqual({
      session_id: 'themesession1',
      visitor_id: 'themevisitor1',
      client_id: 'shopify-client-9',
      checkout_token: 'ck-sandbox-1',
      cart_token: 'cart-sandbox-1',
      total_minor: 5990,
      device: 'mobile',
      consent_analytics: true,
      consent_marketing: false,
    });
  });

  it('without the theme tracker: the cart attribute’s visitor id, a session of its own; nothing once consent is withdrawn', async () => {
    const { subscribers, beacons, consent } = await runPixel({
      cookie: '',
      tabSession: null,
      cart: {
        id: 'gid://shopify/Cart/cart-sandbox-2?key=k',
        attributes: [{ key: '_upside_vid', value: 'cartvisitor2' }],
      },
      analytics: true,
    });
    const checkoutEvent = (id: string, name: string, second: number) => ({
      id,
      name,
      clientId: 'shopify-client-10',
      timestamp: `2026-11-27T12:00:${String(second).padStart(2, '0')}.000Z`,
      context: { document: { location: { href: `${shop}/checkouts/cn/pqr` } }, window: { innerWidth: 1440 } },
      data: { checkout: { token: 'ck-sandbox-2', order: null } },
    });
    subscribers.get('checkout_started')!(checkoutEvent('sh-sandbox-2', 'checkout_started', 0));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(beacons).toHaveLength(1);
    expect((await beacons[0]!).status).toBe(200);
    // The visitor withdraws analytics consent: what happens next is never sent.
    consent(false);
    subscribers.get('payment_info_submitted')!(checkoutEvent('sh-sandbox-3', 'payment_info_submitted', 5));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(beacons).toHaveLength(1);
    const rows = await queryRows(
      app.db,
      z.object({
        event_id: z.string(),
        session_id: z.string(),
        visitor_id: z.string(),
        sessions: z.coerce.number(),
      }),
      sql`SELECT e.event_id, e.session_id, e.visitor_id,
          (SELECT count(*) FROM tracking_sessions s WHERE s.configuration_id = e.configuration_id
            AND s.session_id = e.session_id) AS sessions
        FROM tracking_pixel_events e WHERE e.checkout_token = 'ck-sandbox-2'`,
    );
    expect(rows).toEqual([
      {
        event_id: 'sh-sandbox-2',
        session_id: 'pxshopify-client-10',
        visitor_id: 'cartvisitor2',
        sessions: 1,
      },
    ]);
  });

  it('refuses batches of an unknown site, with a wrong key or without consent, storing nothing', async () => {
    const before = await storedIds();
    const unknown = await postEvents(app.baseUrl, {
      trackingId: 'trk_unknown',
      apiKey: site.apiKey,
      pixel: { consent },
      events: [event('page_viewed')],
    });
    expect(unknown.status).toBe(401);
    const wrongKey = await postEvents(app.baseUrl, {
      trackingId: site.trackingId,
      apiKey: 'utk_wrong',
      pixel: { consent },
      events: [event('page_viewed')],
    });
    expect(wrongKey.status).toBe(401);
    const noConsent = await post([event('page_viewed')], {
      pixel: { consent: { ...consent, analytics: false } },
    });
    expect(noConsent.status).toBe(400);
    expect(await noConsent.text()).toContain('pixel.consent.analytics');
    const badName = await post([
      { ...event('page_viewed'), name: 'checkout_exploded' } as unknown as PixelEvent,
    ]);
    expect(badName.status).toBe(400);
    expect(await badName.text()).toContain('events.0.name');
    const badOrder = await post([event('checkout_completed', { orderId: 'gid://x' })]);
    expect(badOrder.status).toBe(400);
    expect(await badOrder.text()).toContain('events.0.orderId');
    expect(await storedIds()).toEqual(before);
  });

  it('drops duplicated event ids and accepts events out of order', async () => {
    const later = event('payment_info_submitted');
    const earlier = event('checkout_contact_info_submitted', { timestamp: '2026-11-27T09:00:00.000Z' });
    const first = await post([later, earlier]);
    expect(await first.json()).toEqual({ accepted: 2 });
    const again = await post([earlier, later, earlier]);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ accepted: 0 });
    expect((await storedIds()).filter((id) => id === later.id || id === earlier.id)).toHaveLength(2);
  });

  it('joins checkout_completed by order id, checkout token, cart token, then e-mail hash', async () => {
    const hash = 'a'.repeat(64);
    const orders = [
      { orderId: 9001, keys: {} },
      { orderId: 9002, keys: { checkoutToken: 'ck-9002' } },
      { orderId: 9003, keys: { cartToken: 'ct-9003' } },
      { orderId: 9004, keys: { emailHash: hash } },
    ];
    for (const o of orders)
      await createOrder(app.db, {
        workspaceId,
        orderId: o.orderId,
        orderDate: '2026-11-27',
        totalMinor: 1000,
        ...o.keys,
      });
    // Each event carries only the key its order can be found by (plus a wrong order id for the rest).
    const completions = [
      event('checkout_completed', { orderId: '9001', checkoutToken: 'ck-other' }),
      event('checkout_completed', { orderId: '123', checkoutToken: 'ck-9002' }),
      event('checkout_completed', { orderId: '124', cartToken: 'ct-9003' }),
      event('checkout_completed', { orderId: '125', emailHash: hash }),
    ];
    const response = await post(completions);
    expect(response.status).toBe(200);
    // The batch sent again, in another order: nothing stored twice, each order joined once.
    const again = await post([...completions].reverse());
    expect(await again.json()).toEqual({ accepted: 0 });
    const [joins] = await queryRows(
      app.db,
      z.object({ n: z.coerce.number() }),
      sql`SELECT count(*) AS n FROM tracking_order_journeys WHERE order_id BETWEEN 9001 AND 9004`,
    );
    expect(joins?.n).toBe(4);
    expect((await journeyOf(9001))?.method).toBe('pixel_order_id');
    expect((await journeyOf(9002))?.method).toBe('pixel_checkout_token');
    expect((await journeyOf(9003))?.method).toBe('pixel_cart_token');
    expect((await journeyOf(9004))?.method).toBe('pixel_email_hash');
    expect((await journeyOf(9001))?.session_id).toBe('sid1');
  });

  it('joins a checkout_completed that came before its order once the order arrives (after the sync)', async () => {
    const response = await post([event('checkout_completed', { orderId: '9100' })]);
    expect(response.status).toBe(200);
    expect(await journeyOf(9100)).toBeNull();
    await createOrder(app.db, { workspaceId, orderId: 9100, orderDate: '2026-11-27', totalMinor: 2500 });
    const { joinOrderJourneys } = await import('../../src/server/domain/journeys/join-order-journeys.ts');
    const summary = await joinOrderJourneys(app.db, workspaceId);
    expect(summary.pixel_order_id).toBe(1);
    expect((await journeyOf(9100))?.method).toBe('pixel_order_id');
    // A second run adds nothing: the order keeps its journey.
    expect((await joinOrderJourneys(app.db, workspaceId)).pixel_order_id).toBe(0);
  });

  it('reports the joined share of online orders placed with consent, and joins a checkout without Thank-you page by its token', async () => {
    await createOrder(app.db, {
      workspaceId,
      orderId: 9200,
      orderDate: '2026-11-27',
      totalMinor: 500,
      sourceName: 'pos',
    });
    await createOrder(app.db, { workspaceId, orderId: 9201, orderDate: '2026-11-27', totalMinor: 500 });
    // Paid, but the Thank-you page never loaded: the pixel saw the checkout's steps, no completion.
    await createOrder(app.db, {
      workspaceId,
      orderId: 9202,
      orderDate: '2026-11-27',
      totalMinor: 700,
      checkoutToken: 'ck-9202',
    });
    const steps = await post([
      event('checkout_started', { checkoutToken: 'ck-9202' }),
      event('payment_info_submitted', { checkoutToken: 'ck-9202' }),
    ]);
    expect(steps.status).toBe(200);
    const health = async () => {
      const response = await app.request(
        '/api/attribution/first-party/health?from=2026-11-27&to=2026-11-27',
        {
          cookie: owner,
        },
      );
      expect(response.status).toBe(200);
      return (await response.json()) as FirstPartyHealth;
    };
    // Online: 9001–9004, 9100 joined by the pixel; 9202 seen with consent, not joined until the
    // next join; 9201 never seen. Offline: 9200 (POS).
    const before = await health();
    expect(before.orders).toBe(8);
    expect(before.joinedOrders).toBe(5);
    expect(before.byMethod.pixel_order_id).toBe(2);
    expect(before.consentingOrders).toBe(6);
    expect(before.joinedShare).toBe(0.8333);
    expect(before.unjoined).toEqual([
      { reason: 'no_consent', orders: 1 },
      { reason: 'unmatched', orders: 1 },
      { reason: 'pos_or_draft', orders: 1 },
      { reason: 'no_journey', orders: 0 },
    ]);
    expect(before.updating).toBe(false);
    expect(before.causes.length).toBeGreaterThan(0);
    // An analysis queued (its first step joins new orders): the figures are of the orders joined so
    // far, and the one cause given is that they are still being joined.
    await enqueue(app.db, catalogue.analyzeWorkspace, { workspaceId }, { now: new Date() });
    const whileQueued = await health();
    expect(whileQueued.updating).toBe(true);
    expect(whileQueued.causes).toEqual([expect.stringMatching(/still being joined/)]);
    expect(whileQueued.joinedOrders).toBe(before.joinedOrders);
    await app.db.execute(sql`DELETE FROM jobs WHERE type = ${catalogue.analyzeWorkspace.type}`);
    const { joinOrderJourneys } = await import('../../src/server/domain/journeys/join-order-journeys.ts');
    expect((await joinOrderJourneys(app.db, workspaceId)).pixel_checkout_token).toBe(1);
    expect(await journeyOf(9202)).toEqual({ method: 'pixel_checkout_token', session_id: 'sid1' });
    const after = await health();
    expect(after.consentingOrders).toBe(6);
    expect(after.joinedShare).toBe(1);
    expect(after.unjoined.find((u) => u.reason === 'unmatched')?.orders).toBe(0);
    expect(after.updating).toBe(false);
  });
});
