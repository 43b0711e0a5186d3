import { expect, it } from 'vitest';
import type { CustomersSummary } from '../../src/shared/contracts/customers.ts';
import { describeInBrowser, saveScreenshot } from '../support/browser.ts';
import {
  signInAsDemoOwner,
  signInWithoutStore,
  useConnectedDemoInBrowser,
} from '../support/demo-store-in-browser.ts';
import { customerTruth } from './store-customers.ts';

const POLL = { timeout: 30_000 };
const usd = (minor: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(minor / 100);

/**
 * Customer Segments in Chromium on the demo store: after connect → sync → analysis the page shows
 * the segments, the churn distribution and the lifetime fit, and the customer list's rows carry the
 * store's own names, order counts, revenue and last order days; search and the segment filter work.
 */
describeInBrowser('the Customer Segments page on the demo store', () => {
  const setup = useConnectedDemoInBrowser();

  it('shows segments, churn, the model fit and a searchable list traced to the store', async () => {
    const { app, browser } = setup;
    const { page } = browser;
    const truth = customerTruth(app.demo.store);
    await signInWithoutStore(page, app.baseUrl, '/customers');
    await expect.poll(() => page.getByTestId('no-store-data').count(), POLL).toBe(1);

    await signInAsDemoOwner(page, app);

    // The list answers over the page's range (issue #36): the count is that window's customers.
    const listed = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/customers');
    await page.goto(`${app.baseUrl}/customers`);
    const list = (await (await listed).json()) as { total: number };
    await expect
      .poll(() => page.getByRole('heading', { name: 'Customer Segments', exact: true }).count(), POLL)
      .toBe(1);
    await expect
      .poll(() => page.getByTestId('stat-customers').textContent(), POLL)
      .toContain(truth.customers.size.toLocaleString('en-US'));
    const summary = (await page.evaluate(async () =>
      (await fetch('/api/customers/summary')).json(),
    )) as CustomersSummary;
    await expect(page.getByTestId('segment-row').count()).resolves.toBe(summary.segments.length);
    expect(summary.segments.length).toBeGreaterThan(3);
    await expect
      .poll(() => page.locator('[data-testid="churn-distribution"] .recharts-bar').count(), POLL)
      .toBe(1);
    await expect(page.getByTestId('model-fit').textContent()).resolves.toMatch(/BG\/NBD.*converged/);
    await expect(page.getByTestId('too-little-data').count()).resolves.toBe(0);

    // The list, highest CLV first: every row is the store's customer with its own figures.
    const rows = page.getByTestId('customer-row');
    await expect.poll(() => rows.count(), POLL).toBe(25);
    const first = await rows.first().textContent();
    const match = [...truth.customers.values()].find((c) => first?.includes(c.email));
    expect(match, first ?? '').toBeDefined();
    expect(first).toContain(match!.name);
    expect(first).toContain(usd(match!.revenueMinor));
    expect(first).toContain(match!.lastDay);
    expect(list.total).toBeGreaterThan(0);
    expect(list.total).toBeLessThanOrEqual(truth.customers.size);
    await expect(page.getByTestId('customer-count').textContent()).resolves.toContain(
      `${list.total.toLocaleString('en-US')} customers`,
    );
    await saveScreenshot(page, 'customers-page');

    // Search by e-mail: one row, that customer.
    const someone = match!;
    await page.getByTestId('customer-search').fill(someone.email);
    await expect.poll(() => rows.count(), POLL).toBe(1);
    await expect(rows.first().textContent()).resolves.toContain(someone.name);
    await page.getByTestId('customer-search').fill('');

    // Selecting a segment lists exactly its customers.
    const segment = summary.segments[1]!;
    // The cleared search reaches the list after its debounce, so the answer to read is the one
    // for the segment without the e-mail search (an earlier one may still carry it).
    const inSegment = page.waitForResponse((answer) => {
      const url = new URL(answer.url());
      return (
        url.pathname === '/api/customers' &&
        url.searchParams.get('segment') === segment.segment &&
        !url.searchParams.has('q')
      );
    });
    await page.getByRole('button', { name: segment.segment, exact: true }).click();
    const segmentList = (await (await inSegment).json()) as { total: number };
    // The segment's customers within the page's range, never more than the segment holds.
    expect(segmentList.total).toBeLessThanOrEqual(segment.customers);
    await expect
      .poll(() => page.getByTestId('customer-count').textContent(), POLL)
      .toContain(`${segmentList.total.toLocaleString('en-US')} customers`);
    const segments = await rows.evaluateAll((list) =>
      list.map((row) => row.querySelectorAll('td')[1]?.textContent),
    );
    expect(new Set(segments)).toEqual(new Set([segment.segment]));
    await saveScreenshot(page, 'customers-page-segment');
  }, 400_000);
});
