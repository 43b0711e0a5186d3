import { expect, it } from 'vitest';
import { demoAdPlatformAds } from '../../src/demo/ad-platforms/plan-ad-platform-ads.ts';
import { describeInBrowser, saveScreenshot } from '../support/browser.ts';
import { signInAsDemoOwner, useConnectedDemoInBrowser } from '../support/demo-store-in-browser.ts';

const POLL = { timeout: 60_000 };

/**
 * The Creatives page in Chromium on the connected demo store (issue #44): every planted ad of the
 * three platforms shows (Google's with the Performance Max note),
 * the planted fatiguing creative (ground truth) carries the only "wearing out" badge, ads without a
 * creative or thumbnail show a placeholder, the format filter keeps the demo's video ads, two ads
 * compare over time, and the page fits 390 px.
 */
describeInBrowser('the Creatives page on the demo store', () => {
  const setup = useConnectedDemoInBrowser();

  it('shows the creatives as planted, filters them, compares two and fits a phone', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    // The menu entry is checked by the nav's own test (nav-items.test.ts); open the page by its URL.
    await signInAsDemoOwner(page, app, '/creatives');
    const store = app.demo.store;
    const truth = app.demo.groundTruth.creatives;

    // Google's video ads show YouTube's thumbnail; every test browser answers that host with a
    // picture (test/support/browser.ts), as it has no network.
    const cards = page.getByTestId('creative-card');
    // Every platform's ads at first (the demo connects Google Ads and TikTok too); then Meta's.
    const planned = demoAdPlatformAds(store.config);
    await expect
      .poll(() => cards.count(), POLL)
      .toBe(store.meta.ads.length + planned.google.ads.length + planned.tiktok.ads.length);
    await page.getByLabel('Platform').selectOption('google_ads');
    await expect.poll(() => page.getByTestId('pmax-note').count(), POLL).toBe(1);
    await page.getByLabel('Platform').selectOption('meta');
    await expect.poll(() => cards.count(), POLL).toBe(store.meta.ads.length);
    const wearing = page.locator('[data-testid="creative-card"]:has-text("Wearing out since")');
    await expect.poll(() => wearing.count(), POLL).toBe(1);
    expect(await wearing.first().getAttribute('data-ad-id')).toBe(truth.fatiguing.adId);
    for (const adId of [...truth.deletedCreativeAdIds, ...truth.noThumbnailAdIds])
      expect(await page.locator(`[data-ad-id="${adId}"] [data-testid="thumbnail-placeholder"]`).count()).toBe(
        1,
      );

    await page.getByLabel('Format').selectOption('video');
    const videoAds = store.meta.ads.filter((ad) => ad.format === 'video' && ad.creative !== null).length;
    await expect.poll(() => cards.count(), POLL).toBe(videoAds);
    await page.getByLabel('Format').selectOption('');

    const compare = page.getByTestId('creative-compare');
    await compare.getByLabel('First ad').selectOption(`meta|${truth.fatiguing.adId}`);
    const other = store.meta.ads.find((ad) => ad.campaignIndex === 0 && ad.id !== truth.fatiguing.adId)!;
    await compare.getByLabel('Second ad').selectOption(`meta|${other.id}`);
    await expect
      .poll(() => page.getByTestId('compare-chart').locator('path.recharts-curve').count(), POLL)
      .toBe(2);
    await saveScreenshot(page, 'creatives-page');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(
        () =>
          page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        POLL,
      )
      .toBeLessThanOrEqual(0);
  });
});
