import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { whShops } from '../../src/server/db/schema/warehouse.ts';
import type { CursorEvent } from '../../src/shared/contracts/cursor-tracking.ts';
import { CONVERTED_RULE, REVENUE_RULE } from '../../src/shared/contracts/heatmap-insights.ts';
import { describeInBrowser, launchBrowser, saveScreenshot, type TestBrowser } from '../support/browser.ts';
import { createOrder, createOrderJourney } from '../support/factories.ts';
import { signInByCookie } from '../support/sign-in-by-cookie.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { ensureWebBuild } from '../support/web-build.ts';
import { addWebsite, makeEvent, postEvents } from './ingest-helpers.ts';

/**
 * The heatmap's filters, fold line, scroll map, frustration and revenue tables in Chromium, on
 * events posted through the ingestion endpoint (orders and journeys from row factories): each
 * filter changes the points drawn to the hand-counted ones, and the empty states show.
 */
describeInBrowser('heatmap filters and scroll map in a real browser', () => {
  let app: TestApp;
  let browser: TestBrowser;
  const shop = 'https://shop-b.example';
  const mug = `${shop}/products/mug`;
  const t0 = Date.now() - 120_000;
  const desktop = { viewportWidth: 1280, viewportHeight: 800, documentHeight: 3000 };
  const phone = { viewportWidth: 375, viewportHeight: 700, documentHeight: 4000 };
  const event = (sessionId: string, at: number, fields: Partial<CursorEvent>, pageUrl = mug) =>
    makeEvent(shop, { sessionId, pageUrl, timestamp: t0 + at, ...desktop, ...fields });
  let trackingId = '';

  beforeAll(async () => {
    await ensureWebBuild();
    app = await startTestApp();
    browser = await launchBrowser({ width: 1280, height: 900 });
    await signInByCookie(browser.page, app.baseUrl, 'filters@example.com', 'Fay', null);
    const cookie = (await browser.context.cookies(app.baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
    const site = await addWebsite(app, cookie, shop, 'Shop B');
    trackingId = site.trackingId;
    const events = [
      // buyer (desktop): #buy, then a rage burst on #size; scrolls to 80 %.
      event('buyer', 0, { eventType: 'page_view', x: 0, y: 0, elementSelector: undefined }),
      event('buyer', 1_000, { x: 640, y: 200, elementSelector: '#buy' }),
      event('buyer', 5_000, { x: 300, y: 600, elementSelector: '#size' }),
      event('buyer', 5_300, { x: 305, y: 604, elementSelector: '#size' }),
      event('buyer', 5_600, { x: 310, y: 610, elementSelector: '#size' }),
      event('buyer', 7_000, {
        eventType: 'scroll',
        x: 0,
        y: 2400,
        scrollDepth: 80,
        elementSelector: undefined,
      }),
      // browser (phone): one click below the fold, scrolls to 30 %.
      event('browser', 0, { eventType: 'page_view', x: 0, y: 0, elementSelector: undefined, ...phone }),
      event('browser', 2_000, { x: 100, y: 1500, elementSelector: '#gallery', ...phone }),
      event('browser', 3_000, {
        eventType: 'scroll',
        x: 0,
        y: 1200,
        scrollDepth: 30,
        elementSelector: undefined,
        ...phone,
      }),
      // another product page.
      event('other', 0, { x: 640, y: 300, elementSelector: '#buy' }, `${shop}/products/hat`),
    ];
    const response = await postEvents(
      app.baseUrl,
      { trackingId, apiKey: site.apiKey, events },
      { origin: shop },
    );
    expect(response.status).toBe(200);
    const [config] = await queryRows(
      app.db,
      z.object({ id: z.string(), workspace_id: z.string() }),
      sql`SELECT id, workspace_id FROM tracking_configurations WHERE tracking_id = ${trackingId}`,
    );
    const workspaceId = config!.workspace_id;
    await app.db.insert(whShops).values({
      workspaceId,
      shopDomain: 'shop-b.myshopify.com',
      name: 'Shop B',
      currencyCode: 'EUR',
      currencyDigits: 2,
      ianaTimezone: 'UTC',
    });
    const today = new Date().toISOString().slice(0, 10);
    await createOrder(app.db, {
      workspaceId,
      orderId: 7,
      orderDate: today,
      totalMinor: 5_000,
      currencyCode: 'EUR',
    });
    await createOrderJourney(app.db, {
      workspaceId,
      orderId: 7,
      configurationId: config!.id,
      sessionId: 'buyer',
    });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** Waits until the heatmap draws points whose counts sum to `total`. */
  const waitForTotal = (page: Page, total: number) =>
    page.waitForFunction(
      (n) =>
        [...document.querySelectorAll('[data-testid="heatmap-point"]')].reduce(
          (sum, point) => sum + Number(point.getAttribute('data-count')),
          0,
        ) === n,
      total,
    );

  it('narrows the map by converting sessions, device and URL pattern, with the fold, scroll map and tables', async () => {
    const { page } = browser;
    await page.goto(`${app.baseUrl}/cursor-tracking?trackingId=${trackingId}`);
    await page.getByText('Total Sessions').waitFor();
    await page.getByRole('tab', { name: 'Heatmap' }).click();
    await page.selectOption('#heatmap-event', 'click');
    // The busiest page is the mug: five clicks.
    await waitForTotal(page, 5);
    await expect.poll(() => page.getByTestId('heatmap-rules').textContent()).toContain(CONVERTED_RULE);

    // Fold at the median viewport height (700 px of 800 and 700), drawn over the map.
    await page.getByTestId('fold-line').waitFor();
    expect(await page.getByTestId('fold-line').getAttribute('data-fold-y')).toBe('700');
    await expect.poll(() => page.getByTestId('fold-summary').textContent()).toContain('20.0% of clicks');
    const shares = await page
      .getByTestId('scroll-depth')
      .evaluateAll((rows) =>
        rows.map((row) => [row.getAttribute('data-depth'), row.getAttribute('data-share')]),
      );
    expect(Object.fromEntries(shares)).toMatchObject({
      '0': '1',
      '30': '1',
      '40': '0.5',
      '80': '0.5',
      '90': '0',
    });

    await expect.poll(() => page.getByTestId('frustration').textContent()).toContain('#size');
    const revenue = page.getByTestId('element-revenue');
    await expect.poll(() => revenue.textContent()).toContain('€50.00');
    expect(await page.getByTestId('revenue-rule').textContent()).toBe(REVENUE_RULE);
    await saveScreenshot(page, 'cursor-tracking-heatmap-filters');

    await page.selectOption('#heatmap-converted', 'true');
    await waitForTotal(page, 4);
    await page.selectOption('#heatmap-converted', 'false');
    await waitForTotal(page, 1);
    await expect.poll(() => revenue.textContent()).toContain('No clicked element led to a joined order');
    await page.selectOption('#heatmap-converted', 'all');
    await page.selectOption('#heatmap-device', 'mobile');
    await waitForTotal(page, 1);
    await page.selectOption('#heatmap-device', 'all');

    await page.fill('#heatmap-pattern', '/products/*');
    await page.press('#heatmap-pattern', 'Enter');
    await waitForTotal(page, 6);
    expect(await page.isDisabled('#heatmap-page')).toBe(true);

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await page.fill('#heatmap-from', tomorrow);
    await page.getByText('No heatmap data available').waitFor();
    await page.getByText('No page views in this selection yet.').waitFor();
  });
});
