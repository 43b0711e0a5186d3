import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobsUntilIdle } from '../../src/server/jobs/worker.ts';
import { AllStoresDashboardSchema } from '../../src/shared/contracts/all-stores.ts';
import { DemoStoreAddedSchema, StoreListSchema } from '../../src/shared/contracts/stores.ts';
import { parseDecimalToMinor } from '../../src/shared/money.ts';
import { type DemoTestApp, startConnectedDemoApp } from '../support/start-demo-app.ts';

/**
 * Demo mode's second store (issue #17): `upside start` serves a second demo shop selling in EUR;
 * POST /api/demo/stores adds it to the owner's workspace (created, profit setup entered, Shopify
 * connected and synced through the normal services), so the All-stores dashboard converts a real
 * EUR store into the USD reporting currency with the emulated ECB's rates. The first demo store is
 * untouched: it is generated exactly as without the second.
 */

let app: DemoTestApp;
let owner: string;

// The first store connected by its owner is the run's seed-7 template (its connect answered 200,
// or the template fails); this file's emulators add the second store (decision 205).
beforeAll(async () => {
  ({ app, owner } = await startConnectedDemoApp(7, {}, 'small', { secondStore: { currency: 'EUR' } }));
}, 600_000);

afterAll(async () => {
  await app?.close();
});

describe('the second demo store, in EUR', () => {
  it('is generated in EUR with its own domain, beside the unchanged USD demo store', () => {
    expect(app.demo.store.shop.currencyCode).toBe('USD');
    expect(app.demo.store.shop.myshopifyDomain).toBe('upside-demo.myshopify.com');
    expect(app.demo.second?.groundTruth.shopCurrency).toBe('EUR');
    expect(app.demo.second?.shopDomain).toBe('upside-demo-eur.myshopify.com');
  });

  it('is added to the workspace once, synced, and summed in USD at the ECB rates on the All-stores dashboard', async () => {
    const added = await app.request('/api/demo/stores', { method: 'POST', cookie: owner });
    expect(added.status, await added.clone().text()).toBe(201);
    const body = DemoStoreAddedSchema.parse(await added.json());
    expect(body).toMatchObject({ currency: 'EUR', store: { name: 'Upside Demo Goods EUR', active: false } });
    expect(body.shopify?.isValid).toBe(true);
    const again = await app.request('/api/demo/stores', { method: 'POST', cookie: owner });
    expect(again.status).toBe(200);
    expect(DemoStoreAddedSchema.parse(await again.json()).store.id).toBe(body.store.id);

    expect((await app.request('/api/exchange-rates/fetch', { method: 'POST', cookie: owner })).status).toBe(
      200,
    );
    await runJobsUntilIdle(app.server.deps);
    const stores = StoreListSchema.parse(await (await app.request('/api/stores', { cookie: owner })).json());
    expect(stores.stores).toHaveLength(2);
    expect(stores.stores.find((store) => store.id === body.store.id)).toMatchObject({
      currency: 'EUR',
      shopDomain: 'upside-demo-eur.myshopify.com',
      // The zone the date range presets count its days in.
      timeZone: 'America/New_York',
    });
    expect(stores.reportingCurrency).toBe('USD');

    const response = await app.request('/api/all-stores/dashboard?periodDays=30', { cookie: owner });
    expect(response.status, await response.clone().text()).toBe(200);
    const dashboard = AllStoresDashboardSchema.parse(await response.json());
    expect(dashboard.stores.map((store) => [store.currency, store.included])).toEqual(
      expect.arrayContaining([
        ['USD', true],
        ['EUR', true],
      ]),
    );
    const eurRates = dashboard.rates.filter((rate) => rate.currency === 'EUR' || rate.currency === 'USD');
    expect(eurRates.length).toBeGreaterThan(0);
    expect(eurRates.every((rate) => rate.source === 'ecb')).toBe(true);
    const eurShare = dashboard.byStore.find((store) => store.storeId === body.store.id);
    expect(eurShare?.orders).toBeGreaterThan(0);
    // Exact decimal strings in the reporting currency's digits: the stores' shares add up to the total, to the minor unit.
    const minor = (amount: string) => parseDecimalToMinor(amount, dashboard.currencyDigits);
    expect(minor(eurShare?.revenue ?? '0')).toBeGreaterThan(0);
    expect(minor(dashboard.kpis!.revenue.current)).toBe(
      dashboard.byStore.reduce((sum, store) => sum + minor(store.revenue), 0),
    );
  }, 600_000);
});
