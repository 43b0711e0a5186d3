import { expect, it } from 'vitest';
import { CampaignPerformanceSchema } from '../../src/shared/contracts/campaigns.ts';
import { OpportunityListSchema } from '../../src/shared/contracts/opportunities.ts';
import { OrderLookupResponseSchema } from '../../src/shared/contracts/shopify.ts';
import { formatMoney, minorToDecimal } from '../../src/shared/money.ts';
import { describeInBrowser, saveScreenshot, signInInBrowser } from '../support/browser.ts';
import { connectDemoStoreAndAnalyse, useDemoStoreInBrowser } from '../support/demo-store-in-browser.ts';

const POLL = { timeout: 30_000 };

/**
 * Profit where decisions are made (issue #13 item 3), in Chromium on the demo store: each page
 * shows its API's profit figures in the shop currency, with the cost coverage beside them.
 */
describeInBrowser('profit on the decision pages', () => {
  const setup = useDemoStoreInBrowser();

  it('shows an order’s profit below its totals, at phone width too', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    await signInInBrowser(page, app.baseUrl, 'owner@example.com', 'Olive');
    await page.goto(`${app.baseUrl}/`);
    await connectDemoStoreAndAnalyse(page, app);

    const { store } = app.demo;
    let name = '';
    for (let i = store.orders.count - 1; i >= 0 && name === ''; i -= 1) {
      const order = store.getOrder(i);
      if (!order.test && order.cancelledAtMs === null && order.discountMinor > 0) name = order.name;
    }
    await page.goto(`${app.baseUrl}/orders`);
    await page.getByLabel('Order Name/Number').fill(name);
    await page.getByRole('button', { name: 'Search' }).click();
    const answer = OrderLookupResponseSchema.parse(
      await page.evaluate(
        async (n) => (await fetch(`/api/shopify/order/${encodeURIComponent(n)}`)).json(),
        name,
      ),
    );
    const order = answer.order!;
    const profit = order.profit!;
    await expect
      .poll(() => page.getByTestId('order-profit-contribution').textContent(), POLL)
      .toContain(formatMoney(profit.contribution_margin, order.currency));
    await expect(page.getByTestId('order-profit-net-sales').textContent()).resolves.toBe(
      formatMoney(profit.net_sales, order.currency),
    );
    // Costs are shown as deductions.
    await expect(page.getByTestId('order-profit-cogs').textContent()).resolves.toBe(
      `-${formatMoney(profit.cogs, order.currency)}`,
    );
    await expect(page.getByTestId('order-profit-fees').textContent()).resolves.toContain(
      formatMoney(profit.payment_fees, order.currency),
    );
    await expect(page.getByTestId('cost-coverage-note').textContent()).resolves.toContain(
      `${profit.cost_coverage.units_with_cost} of ${profit.cost_coverage.units_sold} units sold`,
    );
    await expect(page.getByTestId('estimated-badge').count()).resolves.toBe(profit.estimated.length);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), POLL)
      .toBe(true);
    await saveScreenshot(page, 'order-profit-390');
    await page.setViewportSize({ width: 1400, height: 1000 });
  });

  it('shows POAS, MER and CAC per campaign and channel on /campaigns', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    await page.goto(`${app.baseUrl}/campaigns`);
    const answer = CampaignPerformanceSchema.parse(
      await page.evaluate(async () => (await fetch('/api/campaigns?period=30')).json()),
    );
    const shop = answer.shopCurrency!;
    const money = (minor: number) => formatMoney(minorToDecimal(minor, shop.digits), shop.code);
    const ratio = (value: number | null) => (value === null ? '—' : `${value.toFixed(2)}x`);
    await expect
      .poll(() => page.getByTestId('total-poas').textContent(), POLL)
      .toContain(ratio(answer.totals.poas));
    await expect(page.getByTestId('total-mer').textContent()).resolves.toContain(ratio(answer.mer));
    await expect(page.getByTestId('total-contribution').textContent()).resolves.toContain(
      money(answer.totals.contributionMinor),
    );
    await expect(page.getByTestId('total-ncac').textContent()).resolves.toContain(
      money(answer.totals.newCustomerCacMinor!),
    );
    await expect(page.getByTestId('campaign-profit-row').count()).resolves.toBe(answer.campaigns.length);
    const first = answer.campaigns[0]!;
    await expect(
      page
        .locator(`[data-testid="campaign-profit-row"][data-campaign-id="${first.campaignId}"]`)
        .textContent(),
    ).resolves.toContain(ratio(first.poas));
    await expect(page.getByTestId('channel-profit-row').count()).resolves.toBe(answer.channels.length);
    await expect(
      page.locator('[data-testid="channel-profit-row"][data-channel="meta_ads"]').textContent(),
    ).resolves.toContain(money(answer.totals.contributionMinor));
    await expect(page.getByTestId('cost-coverage-note').count()).resolves.toBe(1);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), POLL)
      .toBe(true);
    await saveScreenshot(page, 'campaign-profit-390');
    await page.setViewportSize({ width: 1400, height: 1000 });
  });

  it('shows each opportunity’s profit impact and sorts by it', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    await page.goto(`${app.baseUrl}/`);
    const byProfit = OpportunityListSchema.parse(
      await page.evaluate(async () => (await fetch('/api/opportunities?sort=profit')).json()),
    );
    expect(byProfit.length).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('opportunity-profit-impact').count(), POLL).toBeGreaterThan(0);
    await page.getByTestId('sort-select').click();
    await page.getByRole('option', { name: 'Profit Impact' }).click();
    const cards = page.getByTestId('opportunity-card');
    await expect
      .poll(
        async () =>
          (await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-opportunity-id')))).slice(
            0,
            byProfit.length,
          ),
        POLL,
      )
      .toEqual(byProfit.map((o) => o.id).slice(0, await cards.count()));
    const first = byProfit[0]!;
    const range = `${formatMoney(first.profitImpactMin!, first.currency, { fractionDigits: 0 })} – ${formatMoney(first.profitImpactMax!, first.currency, { fractionDigits: 0 })}`;
    await expect(cards.first().getByTestId('opportunity-profit-impact').textContent()).resolves.toBe(range);
    await expect(page.getByTestId('opportunity-loses-money').count()).resolves.toBe(
      byProfit.filter((o) => o.losesMoney).length,
    );
  });
});
