import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DigestData } from '../../src/server/domain/notifications/read-digest.ts';
import { renderDigest } from '../../src/server/features/notifications/digest/render-digest.ts';
import { describeInBrowser, launchBrowser, saveScreenshot, type TestBrowser } from '../support/browser.ts';

/**
 * The digest e-mail's HTML as a mail client shows it: rendered in real Chromium at desktop and
 * phone width, with every network request counted (a digest must load nothing remote and run no
 * script), a full-page picture of more than 10 KB and the key texts read back from the rendered page.
 */

const data: DigestData = {
  storeName: 'Upside Demo Goods & Co',
  period: 'daily',
  currency: 'USD',
  currencyDigits: 2,
  range: { start: '2026-10-31', end: '2026-10-31' },
  previous: { start: '2026-10-30', end: '2026-10-30' },
  lastYear: { start: '2025-11-01', end: '2025-11-01' },
  kpis: {
    revenue: { current: 1_234_567, previous: 1_000_000, lastYear: 1_500_000 },
    orders: { current: 41, previous: 40, lastYear: 0 },
    aov: { current: 30_111, previous: 25_000, lastYear: 30_111 },
    contributionMargin: { current: 402_000, previous: 390_000, lastYear: 380_000, estimated: true },
  },
  opportunities: [
    {
      title: 'Restock "Stoneware Mug – Sand" before it runs out',
      revenueImpactMax: '4212.15',
      priority: 'high',
    },
    { title: 'Win back 185 At Risk customers', revenueImpactMax: '1800.00', priority: 'medium' },
  ],
  alerts: [
    {
      title: 'Orders on Sat 31 Oct 2026 were unusually low',
      detail: '20 against 41 expected.',
      link: '/insights',
      openedAt: new Date(),
    },
  ],
  stock: [{ product: 'Wool Throw Blanket – Slate', status: 'Out of stock' }],
};

describeInBrowser('the digest e-mail in Chromium', () => {
  let browser: TestBrowser;
  const remote: string[] = [];
  const mail = renderDigest(data, {
    appUrl: 'http://upside.test',
    unsubscribeUrl: 'http://upside.test/api/notifications/unsubscribe?token=abc.def',
  });

  beforeAll(async () => {
    browser = await launchBrowser({ width: 800, height: 900 });
    await browser.page.route('**/*', (route) => {
      remote.push(route.request().url());
      return route.abort();
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the store, the KPIs with their changes, the top opportunity, alerts and stock', async () => {
    const { page } = browser;
    await page.setContent(mail.html, { waitUntil: 'load' });
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what the reader sees (no <style> text, line breaks kept)
    const text = await page.innerText('body');
    expect(text).toContain('Upside Demo Goods & Co');
    expect(text).toMatch(/daily digest/i);
    expect(text).toMatch(/Revenue\s+\$12,345\.67\s+\+23\.5 %\s+−17\.7 %/);
    expect(text).toMatch(/Orders\s+41\s+\+2\.5 %\s+—/);
    expect(text).toContain('estimated: some costs are not known');
    expect(text).toContain('Restock "Stoneware Mug – Sand" before it runs out');
    expect(text).toContain('Orders on Sat 31 Oct 2026 were unusually low');
    expect(text).toContain('Wool Throw Blanket – Slate: Out of stock');
    expect(await page.getAttribute('a:text("Unsubscribe")', 'href')).toBe(
      'http://upside.test/api/notifications/unsubscribe?token=abc.def',
    );
    expect(await page.locator('script').count()).toBe(0);
    expect(remote).toEqual([]);
    await saveScreenshot(page, 'digest-email-desktop');
    // The one picture a passing run still takes: a blank or unstyled rendering compresses to little.
    expect((await page.screenshot({ fullPage: true })).length).toBeGreaterThan(10_000);
  });

  it('fits a phone screen without sideways scrolling', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.setContent(mail.html, { waitUntil: 'load' });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'digest-email-phone');
    expect(remote).toEqual([]);
  });
});
