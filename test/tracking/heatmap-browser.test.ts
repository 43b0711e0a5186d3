import { expect, it } from 'vitest';
import { type ViewportBucket, viewportBucketOf } from '../../src/shared/contracts/cursor-tracking.ts';
import { describeInBrowser, saveScreenshot } from '../support/browser.ts';
import { signInByCookie } from '../support/sign-in-by-cookie.ts';
import {
  allowAutomation,
  leaveTrackedPage,
  openTrackedPage,
  scrollPageTo,
  useTrackedSiteInBrowser,
} from '../support/tracked-site-in-browser.ts';
import { cellPosition, pageDistance, waitForClicks } from './ingest-helpers.ts';

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
  const setup = useTrackedSiteInBrowser('index.html', { webBuild: true });

  it('records clicks at 375, 768, 1280 and 1920 px and shows them on the heatmap within 16 px', async () => {
    const { app, site, browser } = setup;
    const { page, context } = browser;
    // Add the fixture shop as a website and copy its snippet from the Code tab.
    await signInByCookie(page, app.baseUrl, 'heat@example.com', 'Heidi', '/cursor-tracking');
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
    setup.snippet = allowAutomation(copied);
    await saveScreenshot(page, 'cursor-tracking-manage-websites');

    for (const width of WIDTHS) {
      const visitor = await openTrackedPage(context, `${site.origin}/products`, width);
      for (let i = 0; i < 30; i++) await visitor.mouse.move(20 + i * (width / 40), 60 + i * 10);
      for (const click of clicksFor(width)) {
        await scrollPageTo(visitor, click.scrollY);
        await visitor.mouse.click(click.x, click.y - click.scrollY);
      }
      await visitor.fill('#email', 'secret@example.com');
      await leaveTrackedPage(visitor);
    }

    // The events arrive within seconds.
    const cookie = (await context.cookies(app.baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
    expect(await waitForClicks(app, cookie, trackingId!, 16)).toBe(16);

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
        const nearest = Math.min(...points.map((p) => pageDistance(cellPosition(p, width), click)));
        expect(nearest, `click at ${click.x},${click.y} on ${width} px`).toBeLessThanOrEqual(16);
      }
      await saveScreenshot(page, `cursor-tracking-heatmap-${width}`);
    }
  }, 240_000);
});
