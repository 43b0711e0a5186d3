import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { HeatmapResponseSchema, viewportBucketOf } from '../../src/shared/contracts/cursor-tracking.ts';
import { embedSnippet } from '../../src/shared/tracker-snippet.ts';
import { describeInBrowser } from '../support/browser.ts';
import {
  allowAutomation,
  leaveTrackedPage,
  openTrackedPage,
  scrollPageTo,
  useTrackedSiteInBrowser,
} from '../support/tracked-site-in-browser.ts';
import { addWebsite, cellPosition, pageDistance, waitForClicks } from './ingest-helpers.ts';

const WIDTH = 1280;
const SCROLLED = 2000;

/** Centre of an element in viewport coordinates (page coordinates while the page is at the top). */
async function centreOf(page: Page, selector: string) {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not visible`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Issue #7 "an accurate heatmap": a click on a fixed header or on a stuck sticky bar must land on
 * the heatmap where that element sits with the page at the top, not 2,000 px down the page where
 * nothing was clicked. Fixture: `test/fixtures/tracking-site/fixed.html`.
 */
describeInBrowser('fixed and sticky elements on the heatmap', () => {
  const setup = useTrackedSiteInBrowser('fixed.html');

  it('puts clicks on a fixed header and a sticky bar at one spot, at the top and 2,000 px down', async () => {
    const { app, site, browser } = setup;
    const cookie = await app.signIn('fixed@example.com', 'Fay');
    const configuration = await addWebsite(app, cookie, site.origin, 'Fixed header shop');
    setup.snippet = allowAutomation(embedSnippet(configuration, app.baseUrl));

    const visitor = await openTrackedPage(browser.context, `${site.origin}/`, WIDTH);
    const targets = ['#home', '#sort'] as const;
    // Where each target is on the page, read at scroll 0; each is clicked at scroll 0 and scrolled.
    const onPage = { '#home': await centreOf(visitor, '#home'), '#sort': await centreOf(visitor, '#sort') };
    for (const scrollY of [0, SCROLLED]) {
      await scrollPageTo(visitor, scrollY);
      for (const target of targets) {
        const at = await centreOf(visitor, target);
        await visitor.mouse.click(at.x, at.y);
      }
    }
    // The sticky bar is stuck under the fixed header now, not where it sits in the flow.
    expect((await centreOf(visitor, '#sort')).y).toBeLessThan(onPage['#sort'].y - 400);
    // Control: a plain button far down the page, clicked while scrolled, keeps its page position.
    const buy = await centreOf(visitor, '#buy');
    await visitor.mouse.click(buy.x, buy.y);
    const buyOnPage = { x: buy.x, y: buy.y + SCROLLED };
    await leaveTrackedPage(visitor);
    expect(await waitForClicks(app, cookie, configuration.trackingId, 5)).toBe(5);

    const response = await app.request(
      `/api/cursor-tracking/heatmap?trackingId=${configuration.trackingId}&eventType=click&viewport=${viewportBucketOf(WIDTH)}`,
      { cookie },
    );
    expect(response.status).toBe(200);
    const { heatmapData } = HeatmapResponseSchema.parse(await response.json());
    const cells = heatmapData.map((cell) => ({ ...cellPosition(cell, WIDTH), count: cell.count }));
    const near = (at: { x: number; y: number }) => cells.filter((cell) => pageDistance(cell, at) <= 16);
    const count = (some: typeof cells) => some.reduce((sum, cell) => sum + cell.count, 0);
    for (const target of targets) {
      const hits = near(onPage[target]);
      expect(count(hits), `clicks on ${target} within 16 px of its place on the page`).toBe(2);
      // The two clicks (at the top and scrolled) are within 16 px of each other.
      for (const a of hits) for (const b of hits) expect(pageDistance(a, b)).toBeLessThanOrEqual(16);
    }
    expect(count(near(buyOnPage))).toBe(1);
    // Nothing landed anywhere else (before the fix, two clicks sat 2,000 px down the page).
    expect(count(heatmapData)).toBe(5);
  }, 120_000);
});
