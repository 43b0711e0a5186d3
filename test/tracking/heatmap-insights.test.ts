import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { whShops } from '../../src/server/db/schema/warehouse.ts';
import type { CursorEvent, HeatmapResponse } from '../../src/shared/contracts/cursor-tracking.ts';
import type { ElementRevenue, Frustration, ScrollMap } from '../../src/shared/contracts/heatmap-insights.ts';
import type { TrackingConfiguration } from '../../src/shared/contracts/tracking-configurations.ts';
import { createOrder, createOrderJourney, createRfmRun } from '../support/factories.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { addWebsite, getOk, heatmapTotal, makeEvent, postEvents } from './ingest-helpers.ts';

const ConfigRow = z.object({ id: z.string(), workspace_id: z.string() });

/**
 * Heatmaps that know revenue, over real HTTP on the real server and PostgreSQL: events go in
 * through the public ingestion endpoint; orders and their journeys come from row factories (the
 * join job is the journeys feature's). Every expected figure is counted by hand from the events
 * below.
 */
describe('heatmap filters, scroll map, frustration and revenue per element', () => {
  let app: TestApp;
  let owner: string;
  let site: TrackingConfiguration;
  const shop = 'https://shop-h.example';
  const mug = `${shop}/products/mug`;
  const hat = `${shop}/products/hat`;
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const t0 = Date.now() - 120_000;

  const desktop = { viewportWidth: 1280, viewportHeight: 800, documentHeight: 3000 };
  const phone = { viewportWidth: 375, viewportHeight: 700, documentHeight: 4000 };
  const click = (
    sessionId: string,
    pageUrl: string,
    at: number,
    x: number,
    y: number,
    selector: string,
    view = desktop,
  ) => makeEvent(shop, { sessionId, pageUrl, timestamp: t0 + at, x, y, elementSelector: selector, ...view });
  const other = (
    eventType: 'page_view' | 'cursor_move' | 'scroll' | 'dead_click',
    sessionId: string,
    pageUrl: string,
    at: number,
    extra: Partial<CursorEvent> = {},
    view = desktop,
  ) =>
    makeEvent(shop, {
      eventType,
      sessionId,
      pageUrl,
      timestamp: t0 + at,
      x: 0,
      y: 0,
      elementSelector: undefined,
      ...view,
      ...extra,
    });

  const post = async (events: CursorEvent[]) => {
    const response = await postEvents(
      app.baseUrl,
      { trackingId: site.trackingId, apiKey: site.apiKey, events },
      { origin: shop },
    );
    expect(response.status, await response.clone().text()).toBe(200);
  };
  const get = <T>(path: string) => getOk<T>(app, owner, path);
  const total = heatmapTotal;
  const q = (params: Record<string, string>) =>
    new URLSearchParams({ trackingId: site.trackingId, ...params });

  beforeAll(async () => {
    app = await startTestApp({ TRACKING_RATE_PER_SECOND: '50', TRACKING_RATE_BURST: '1000' });
    owner = await app.signIn('owner-h@example.com', 'Hedy');
    site = await addWebsite(app, owner, shop, 'Shop H');
    // buyer: desktop, the mug page; one click on #buy and a rage burst on #size whose third
    // click arrives in a second upload; scrolls to 80 %; moves the cursor twice.
    await post([
      other('page_view', 'buyer', mug, 0, { visitorId: 'v1' }),
      click('buyer', mug, 1_000, 640, 200, '#buy'),
      click('buyer', mug, 5_000, 300, 600, '#size'),
      click('buyer', mug, 5_300, 305, 604, '#size'),
      other('cursor_move', 'buyer', mug, 5_500, { x: 10, y: 40 }),
    ]);
    await post([
      click('buyer', mug, 5_800, 310, 610, '#size'),
      other('cursor_move', 'buyer', mug, 6_000, { x: 20, y: 50 }),
      other('scroll', 'buyer', mug, 7_000, { y: 2400, scrollDepth: 80 }),
    ]);
    // browser: a phone on the mug page; clicks the gallery below the fold, scrolls to 30 %.
    await post([
      other('page_view', 'browser', mug, 0, {}, phone),
      click('browser', mug, 2_000, 100, 1500, '#gallery', phone),
      other('scroll', 'browser', mug, 3_000, { y: 1200, scrollDepth: 30 }, phone),
    ]);
    // The phone's gallery click did nothing: the tracker reports it dead.
    await post([
      other('dead_click', 'browser', mug, 4_500, { x: 100, y: 1500, elementSelector: '#gallery' }, phone),
    ]);
    // returning: the buyer's visitor again, in another session, clicks #buy on the hat page.
    await post([
      other('page_view', 'returning', hat, 30_000, { visitorId: 'v1' }),
      click('returning', hat, 31_000, 600, 320, '#buy'),
    ]);
    // late: desktop, the hat page, a click after its order was placed; and a collection page.
    await post([
      click('late', hat, 90_000, 640, 300, '#buy'),
      click('late', `${shop}/collections/all`, 91_000, 50, 50, '#nav'),
    ]);
    const [config] = await queryRows(
      app.db,
      ConfigRow,
      sql`SELECT id, workspace_id FROM tracking_configurations WHERE tracking_id = ${site.trackingId}`,
    );
    const workspaceId = config!.workspace_id;
    await app.db.insert(whShops).values({
      workspaceId,
      shopDomain: 'shop-h.myshopify.com',
      name: 'Shop H',
      currencyCode: 'EUR',
      currencyDigits: 2,
      ianaTimezone: 'UTC',
    });
    await createOrder(app.db, {
      workspaceId,
      orderId: 1001,
      orderDate: today,
      totalMinor: 5_000,
      currencyCode: 'EUR',
      customerId: 55,
    });
    await createOrder(app.db, {
      workspaceId,
      orderId: 1002,
      orderDate: today,
      totalMinor: 9_900,
      currencyCode: 'EUR',
      createdAt: new Date(t0 + 60_000),
      customerId: 66,
    });
    await createRfmRun(app.db, workspaceId, [
      { customerId: 55, segment: 'Champions' },
      { customerId: 66, segment: 'Hibernating' },
    ]);
    await createOrderJourney(app.db, {
      workspaceId,
      orderId: 1001,
      configurationId: config!.id,
      sessionId: 'buyer',
      visitorId: 'v1',
    });
    await createOrderJourney(app.db, {
      workspaceId,
      orderId: 1002,
      configurationId: config!.id,
      sessionId: 'late',
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('splits the clicks of a page into converting and non-converting sessions, which add up to all', async () => {
    const base = { page: mug, eventType: 'click' };
    const all = await get<HeatmapResponse>(`/api/cursor-tracking/heatmap?${q(base)}`);
    const converted = await get<HeatmapResponse>(
      `/api/cursor-tracking/heatmap?${q({ ...base, converted: 'true' })}`,
    );
    const not = await get<HeatmapResponse>(
      `/api/cursor-tracking/heatmap?${q({ ...base, converted: 'false' })}`,
    );
    expect(total(all)).toBe(5);
    expect(total(converted)).toBe(4);
    expect(total(not)).toBe(1);
    // The phone's gallery click: x 100 of 375 px is column 26 (centre 26.5 %), y 1500 is row 93.
    expect(not.heatmapData).toEqual([expect.objectContaining({ x: 26.5, y: 93 * 16 + 8, count: 1 })]);
    // Moves count in the default "clicks and moves" map: the buyer's two.
    const moves = await get<HeatmapResponse>(
      `/api/cursor-tracking/heatmap?${q({ page: mug, converted: 'true' })}`,
    );
    expect(total(moves)).toBe(6);
  });

  it('filters by device, URL pattern and date range; the old query shape still answers', async () => {
    const phoneOnly = await get<HeatmapResponse>(
      `/api/cursor-tracking/heatmap?${q({ page: mug, eventType: 'click', device: 'mobile' })}`,
    );
    expect(total(phoneOnly)).toBe(1);
    const desktopOnly = await get<HeatmapResponse>(
      `/api/cursor-tracking/heatmap?${q({ page: mug, eventType: 'click', device: 'desktop' })}`,
    );
    expect(total(desktopOnly)).toBe(4);
    // Device and viewport that exclude each other match nothing.
    const none = await get<HeatmapResponse>(
      `/api/cursor-tracking/heatmap?${q({ page: mug, device: 'mobile', viewport: 'desktop' })}`,
    );
    expect(none.heatmapData).toEqual([]);
    // /products/* sums the mug and the hat, not the collection page.
    const products = await get<HeatmapResponse>(
      `/api/cursor-tracking/heatmap?${q({ pattern: '/products/*', eventType: 'click' })}`,
    );
    expect(total(products)).toBe(7);
    const productsConverted = await get<HeatmapResponse>(
      `/api/cursor-tracking/heatmap?${q({ pattern: '/products/*', eventType: 'click', converted: 'true' })}`,
    );
    // The buyer's 4, the returning visitor's 1 (same visitor as order 1001) and late's 1.
    expect(total(productsConverted)).toBe(6);
    const later = await get<HeatmapResponse>(
      `/api/cursor-tracking/heatmap?${q({ page: mug, from: tomorrow, to: tomorrow })}`,
    );
    expect(later.heatmapData).toEqual([]);
    const old = await get<HeatmapResponse>(
      `/api/cursor-tracking/heatmap?${q({ page: mug, viewport: 'desktop', eventType: 'click', from: today, to: today })}`,
    );
    expect(total(old)).toBe(4);
    expect(old.pages).toEqual(expect.arrayContaining([mug, hat]));
  });

  it("filters by the RFM segment of the visitor's customer", async () => {
    const map = (segment: string) =>
      get<HeatmapResponse>(
        `/api/cursor-tracking/heatmap?${q({ pattern: '/products/*', eventType: 'click', segment })}`,
      );
    // Champions: customer 55's order 1001, so the buyer's 4 clicks and the returning session's 1.
    expect(total(await map('Champions'))).toBe(5);
    // Hibernating: customer 66's order 1002, the late session's click.
    expect(total(await map('Hibernating'))).toBe(1);
    expect((await map('Lost')).heatmapData).toEqual([]);
    const revenue = await get<ElementRevenue>(
      `/api/cursor-tracking/element-revenue?${q({ page: mug, segment: 'Hibernating' })}`,
    );
    expect(revenue.elements).toEqual([]);
  });

  it('draws the scroll map with the fold at the median viewport height and the clicks below it', async () => {
    const scroll = await get<ScrollMap>(`/api/cursor-tracking/scroll?${q({ pageUrl: mug })}`);
    // Two views: viewports 800 and 700 px (median, lower middle: 700); depths 80 % and 30 %.
    expect(scroll).toMatchObject({ pageUrl: mug, views: 2, foldY: 700 });
    const reach = Object.fromEntries(scroll.depths.map((d) => [d.depthPercent, d.reachedShare]));
    expect(reach).toEqual({
      0: 1,
      10: 1,
      20: 1,
      30: 1,
      40: 0.5,
      50: 0.5,
      60: 0.5,
      70: 0.5,
      80: 0.5,
      90: 0,
      100: 0,
    });
    // One of the page's five clicks (the gallery at y 1500) is below 700 px.
    expect(scroll.clicksBelowFoldShare).toBeCloseTo(0.2, 10);
    const buyers = await get<ScrollMap>(
      `/api/cursor-tracking/scroll?${q({ pageUrl: mug, converted: 'true' })}`,
    );
    expect(buyers).toMatchObject({ views: 1, foldY: 800, clicksBelowFoldShare: 0 });
  });

  it('finds the rage click across two uploads, by element', async () => {
    const frustration = await get<Frustration>(`/api/cursor-tracking/frustration?${q({ page: mug })}`);
    expect(frustration.rageClicks).toEqual([{ selector: '#size', count: 1 }]);
    expect(frustration.deadClicks).toEqual([{ selector: '#gallery', count: 1 }]);
    const phones = await get<Frustration>(
      `/api/cursor-tracking/frustration?${q({ page: mug, device: 'mobile' })}`,
    );
    expect(phones.rageClicks).toEqual([]);
  });

  it('credits an order to the elements its sessions clicked before it was placed', async () => {
    const mugRevenue = await get<ElementRevenue>(`/api/cursor-tracking/element-revenue?${q({ page: mug })}`);
    expect(mugRevenue.currency).toBe('EUR');
    expect(mugRevenue.elements).toEqual([
      { selector: '#buy', orders: 1, revenue: '50.00' },
      { selector: '#size', orders: 1, revenue: '50.00' },
    ]);
    // On the hat page, order 1001's visitor clicked #buy in a later session, still before the
    // order; order 1002 was placed before its session clicked #buy there: no credit.
    const hatRevenue = await get<ElementRevenue>(`/api/cursor-tracking/element-revenue?${q({ page: hat })}`);
    expect(hatRevenue.elements).toEqual([{ selector: '#buy', orders: 1, revenue: '50.00' }]);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    for (const [params, field] of [
      [{ pattern: 'products/*' }, 'pattern'],
      [{ device: 'watch' }, 'device'],
      [{ converted: 'yes' }, 'converted'],
      [{ converted: 'false', segment: 'Champions' }, 'segment'],
      [{ from: today, to: '2000-01-01' }, 'from'],
    ] as const) {
      const response = await app.request(`/api/cursor-tracking/heatmap?${q(params)}`, { cookie: owner });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(field);
    }
  });
});
