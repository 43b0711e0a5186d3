import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ViewportBucket, viewportBucketOf } from '../../src/shared/contracts/cursor-tracking.ts';
import { type FixtureSite, startFixtureSite } from '../fixtures/tracking-site/server.ts';
import {
  describeInBrowser,
  launchBrowser,
  saveScreenshot,
  signInInBrowser,
  type TestBrowser,
} from '../support/browser.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { ensureWebBuild } from '../support/web-build.ts';

const WIDTHS = [375, 768, 1280, 1920] as const;

/** Where the test clicks at a given width: page coordinates (the last one after scrolling 600 px). */
function clicksFor(width: number) {
  return [
    { x: Math.round(width * 0.1), y: 100, scrollY: 0 },
    { x: Math.round(width * 0.5), y: 300, scrollY: 0 },
    { x: Math.round(width * 0.9), y: 520, scrollY: 0 },
    { x: Math.round(width * 0.3), y: 800, scrollY: 600 },
  ];
}

/**
 * End to end: a store owner adds a website in the dashboard, the fixture shop embeds the snippet
 * copied from the Code tab, a visitor clicks and moves at four screen widths, and the dashboard's
 * heatmap shows a point within 16 px of every click for that width's viewport bucket.
 */
describeInBrowser('cursor tracking in a real browser', () => {
  let app: TestApp;
  let site: FixtureSite;
  let browser: TestBrowser;
  let snippet = '';

  beforeAll(async () => {
    await ensureWebBuild();
    app = await startTestApp();
    site = await startFixtureSite(() => snippet);
    browser = await launchBrowser({ width: 1280, height: 900 });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await app?.close();
  });

  it('records clicks at 375, 768, 1280 and 1920 px and shows them on the heatmap within 16 px', async () => {
    const { page, context } = browser;
    await signInInBrowser(page, app.baseUrl, 'heat@example.com', 'Heidi');

    // Add the fixture shop as a website and copy its snippet from the Code tab.
    await page.goto(`${app.baseUrl}/cursor-tracking`);
    await page.getByRole('tab', { name: 'Manage Websites' }).click();
    await page.getByText('No websites tracked yet').waitFor();
    await page.getByRole('button', { name: 'Add Website' }).click();
    await page.getByLabel('Website Name').fill('Fixture shop');
    await page.getByLabel('Website URL').fill(site.origin);
    await page.getByRole('button', { name: 'Create' }).click();
    const card = page.getByTestId('website-card');
    await card.waitFor();
    await card.getByRole('tab', { name: 'Code' }).click();
    const copied = (await card.getByTestId('embed-snippet').textContent()) ?? '';
    expect(copied).toContain(`src="${app.baseUrl}/tracker.js"`);
    const trackingId = /data-tracking-id="([^"]+)"/.exec(copied)?.[1];
    expect(trackingId).toBeTruthy();
    // Headless Chromium reports navigator.webdriver: this test site opts in to being tracked anyway.
    snippet = copied.replace('<script defer', '<script defer data-allow-automation');
    await saveScreenshot(page, 'cursor-tracking-manage-websites');

    for (const width of WIDTHS) {
      const visitor = await context.newPage();
      await visitor.setViewportSize({ width, height: 800 });
      await visitor.goto(`${site.origin}/products`);
      await visitor.waitForFunction(() => sessionStorage.getItem('upside_sid') !== null);
      for (let i = 0; i < 30; i++) await visitor.mouse.move(20 + i * (width / 40), 60 + i * 10);
      for (const click of clicksFor(width)) {
        await visitor.evaluate((y) => window.scrollTo(0, y), click.scrollY);
        await visitor.waitForFunction((y) => Math.abs(window.scrollY - y) < 1, click.scrollY);
        await visitor.mouse.click(click.x, click.y - click.scrollY);
      }
      await visitor.fill('#email', 'secret@example.com');
      // Leaving the page flushes the queue with sendBeacon.
      await visitor.goto('about:blank');
      await visitor.close();
    }

    // The events arrive within seconds.
    const cookie = (await context.cookies(app.baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
    let totalClicks = 0;
    for (let attempt = 0; attempt < 50 && totalClicks < 16; attempt++) {
      const response = await app.request(`/api/cursor-tracking/clicks?trackingId=${trackingId}`, { cookie });
      totalClicks = ((await response.json()) as { totalClicks: number }).totalClicks;
      if (totalClicks < 16) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(totalClicks).toBe(16);

    await page.goto(`${app.baseUrl}/cursor-tracking?trackingId=${trackingId}`);
    await page.getByText('Total Sessions').waitFor();
    await page.getByRole('tab', { name: 'Heatmap' }).click();
    await page.selectOption('#heatmap-event', 'click');
    for (const width of WIDTHS) {
      const bucket: ViewportBucket = viewportBucketOf(width);
      await page.selectOption('#heatmap-viewport', bucket);
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="heatmap-point"]').length === n,
        clicksFor(width).length,
      );
      const points = await page
        .getByTestId('heatmap-point')
        .evaluateAll((dots) => dots.map((d) => ({ x: Number(d.dataset.x), y: Number(d.dataset.y) })));
      for (const click of clicksFor(width)) {
        const nearest = Math.min(
          ...points.map((p) => Math.max(Math.abs((p.x / 100) * width - click.x), Math.abs(p.y - click.y))),
        );
        expect(nearest, `click at ${click.x},${click.y} on ${width} px`).toBeLessThanOrEqual(16);
      }
      await saveScreenshot(page, `cursor-tracking-heatmap-${width}`);
    }
  }, 240_000);
});
