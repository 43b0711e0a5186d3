import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EcbEmulator, startEcbEmulator } from '../../src/demo/emulators/ecb/app.ts';
import {
  AllStoresDashboardSchema,
  AllStoresProductsSchema,
  AllStoresProfitSchema,
} from '../../src/shared/contracts/all-stores.ts';
import { ErrorEnvelopeSchema } from '../../src/shared/contracts/errors.ts';
import { StoreListSchema, StoreSchema } from '../../src/shared/contracts/stores.ts';
import { minorToDecimal, parseDecimalToMinor } from '../../src/shared/money.ts';
import { createOneLineOrder, createRefund, createSyncedShop } from '../support/factories.ts';
import { joinByInvitation, sendJson } from '../support/members.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';

/** Cents (USD and EUR both have 2 digits) as the wire's exact decimal string (decision 160). */
const amount = (minor: number) => minorToDecimal(minor, 2);

/**
 * The All-stores views (issue #17 item 1, decision 067) through the real server, with rates fetched
 * over real HTTP from the ECB emulator: a USD store and a EUR store summed to the cent on planted
 * rates (a Saturday at Friday's rate), the reporting currency changed by the owner only, a store in
 * a currency the feed lacks summed once a rate is entered by hand, and the All-stores profit kept
 * from a member who may not see costs.
 */

let app: TestApp;
let ecb: EcbEmulator & { baseUrl: string };
let owner: string;
let usdStore: string;
let eurStore: string;

const NOW = Date.parse('2026-11-26T17:00:00Z');

const addShop = (storeId: string, currency: string, timeZone: string) =>
  createSyncedShop(app.db, { workspaceId: storeId, currency, timeZone });

let nextOrder = 1;
/** An order of one line (price `minor`, quantity 1) on `day`, in the store's currency; answers its id. */
async function sell(storeId: string, day: string, minor: number, currency: string, title = 'Mug') {
  const orderId = nextOrder++;
  const product = { id: title === 'Mug' ? 1 : 2, title };
  await createOneLineOrder(app.db, { workspaceId: storeId, orderId, day, minor, currency, product });
  return orderId;
}

const get = async (path: string, cookie: string) => {
  const response = await app.request(path, { cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
};
const dashboard = async (cookie = owner) =>
  AllStoresDashboardSchema.parse(await get('/api/all-stores/dashboard?periodDays=7', cookie));

beforeAll(async () => {
  ecb = await startEcbEmulator({ now: () => NOW, firstDay: '2026-09-01' });
  // Planted USD rates (units per euro): Monday 16, Wednesday 18 and Friday 20 November 2026.
  ecb.plant('2026-11-16', 'USD', '1.1000');
  ecb.plant('2026-11-18', 'USD', '1.1000');
  ecb.plant('2026-11-20', 'USD', '1.2000');
  app = await startTestApp({ UPSTREAM_ECB_URL: ecb.baseUrl });
  owner = await app.signIn('all-stores-owner@example.com', 'Alma');
  const list = StoreListSchema.parse(await get('/api/stores', owner));
  usdStore = list.stores[0]?.id ?? '';
  const created = await sendJson(app, 'POST', '/api/stores', { name: 'Berlin shop' }, owner);
  eurStore = StoreSchema.parse(await created.json()).id;
  await addShop(usdStore, 'USD', 'America/New_York');
  await addShop(eurStore, 'EUR', 'Europe/Berlin');
  // The period is 16–22 November (the last order day); the previous one 9–15 November.
  await sell(usdStore, '2026-11-10', 2_000, 'USD');
  await sell(usdStore, '2026-11-16', 10_000, 'USD');
  const refunded = await sell(usdStore, '2026-11-21', 5_000, 'USD');
  await createRefund(app.db, {
    workspaceId: usdStore,
    refundId: 1,
    orderId: refunded,
    refundDate: '2026-11-21',
    amountMinor: 1_000,
  });
  await sell(eurStore, '2026-11-16', 10_000, 'EUR');
  await sell(eurStore, '2026-11-20', 1, 'EUR', 'Pin');
  await sell(eurStore, '2026-11-22', 3_333, 'EUR', 'Pin');
  const fetched = await app.request('/api/exchange-rates/fetch', { method: 'POST', cookie: owner });
  expect(fetched.status).toBe(200);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await ecb?.close();
});

describe('All stores in the reporting currency', () => {
  it('sums a USD and a EUR store in USD to the cent, a Sunday at Friday’s rate', async () => {
    const answer = await dashboard();
    expect(answer.reportingCurrency).toBe('USD');
    expect(answer.current).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    // EUR → USD: 100.00 × 1.1 = 110.00; 0.01 × 1.2 = 0.012 → 0.01; 33.33 × 1.2 (Friday's) = 39.996 → 40.00.
    expect(answer.kpis?.grossSales).toMatchObject({
      current: amount(10_000 + 5_000 + 11_000 + 1 + 4_000),
      previous: amount(2_000),
    });
    expect(answer.kpis?.refunds.current).toBe('10.00');
    expect(answer.kpis?.revenue.current).toBe(amount(30_001 - 1_000));
    expect(answer.kpis?.orders).toMatchObject({ current: 5, previous: 1 });
    // AOV: order totals / orders, rounded once to the cent (300.01 / 5 = 60.002 → 60.00).
    expect(answer.kpis?.averageOrderValue).toMatchObject({ current: '60.00', previous: '20.00' });
    expect(answer.byStore).toEqual([
      { storeId: usdStore, revenue: '140.00', orders: 2 },
      { storeId: eurStore, revenue: '150.01', orders: 3 },
    ]);
    expect(answer.stores.map((s) => [s.name, s.currency, s.included])).toEqual([
      ["Alma's store", 'USD', true],
      ['Berlin shop', 'EUR', true],
    ]);
    expect(answer.rates).toEqual([
      {
        currency: 'USD',
        from: '2026-11-16',
        to: '2026-11-16',
        rateDate: '2026-11-16',
        rate: '1.1',
        source: 'ecb',
      },
      {
        currency: 'USD',
        from: '2026-11-20',
        to: '2026-11-20',
        rateDate: '2026-11-20',
        rate: '1.2',
        source: 'ecb',
      },
      {
        currency: 'USD',
        from: '2026-11-22',
        to: '2026-11-22',
        rateDate: '2026-11-20',
        rate: '1.2',
        source: 'ecb',
      },
    ]);
    expect(answer.conversionRule).toContain('half away from zero');
  });

  it('lets the owner switch the reporting currency to EUR, and only the owner', async () => {
    const admin = (
      await joinByInvitation(app, owner, { email: 'all-admin@example.com', firstName: 'Ada', role: 'admin' })
    ).cookie;
    expect((await sendJson(app, 'PATCH', '/api/workspace', { reportingCurrency: 'EUR' }, admin)).status).toBe(
      403,
    );
    const bad = await sendJson(app, 'PATCH', '/api/workspace', { reportingCurrency: 'EURO' }, owner);
    expect(bad.status).toBe(400);
    expect(ErrorEnvelopeSchema.parse(await bad.json()).message).toContain('reportingCurrency');
    const changed = await sendJson(app, 'PATCH', '/api/workspace', { reportingCurrency: 'EUR' }, owner);
    expect(changed.status).toBe(200);
    const answer = await dashboard();
    expect(answer.reportingCurrency).toBe('EUR');
    // USD → EUR: 100.00 / 1.1 = 90.909… → 90.91; 50.00 / 1.2 = 41.666… → 41.67; refund 10.00 / 1.2 → 8.33.
    expect(answer.kpis?.grossSales.current).toBe(amount(9_091 + 4_167 + 10_000 + 1 + 3_333));
    expect(answer.kpis?.refunds.current).toBe('8.33');
    expect(StoreListSchema.parse(await get('/api/stores', owner)).reportingCurrency).toBe('EUR');
    await sendJson(app, 'PATCH', '/api/workspace', { reportingCurrency: 'USD' }, owner);
  });

  it('sums the P&L and the products the same way', async () => {
    const profit = AllStoresProfitSchema.parse(
      await get('/api/all-stores/profit?from=2026-11-16&to=2026-11-22', owner),
    );
    expect(profit.currency).toBe('USD');
    expect(profit.totals.grossSales).toBe('300.01');
    // The refund has no refunded lines: returns stay 0, as on the one-store P&L.
    expect(profit.totals.netProfit).toBe('300.01');
    expect(profit.series.find((point) => point.period === '2026-11-22')?.grossSales).toBe('40.00');

    const products = AllStoresProductsSchema.parse(await get('/api/all-stores/products?period=7', owner));
    expect(
      products.products.map((p) => [p.storeId === eurStore ? 'EUR' : 'USD', p.title, p.units, p.revenue]),
    ).toEqual([
      ['USD', 'Mug', 2, '150.00'],
      ['EUR', 'Mug', 1, '110.00'],
      ['EUR', 'Pin', 2, '40.01'],
    ]);
  });

  it('leaves out a store whose currency has no rate, until one is entered by hand', async () => {
    const created = await sendJson(app, 'POST', '/api/stores', { name: 'Mexico shop' }, owner);
    const mxnStore = StoreSchema.parse(await created.json()).id;
    await addShop(mxnStore, 'MXN', 'America/Mexico_City');
    await sell(mxnStore, '2026-11-18', 20_500, 'MXN');
    const before = await dashboard();
    const left = before.stores.find((s) => s.storeId === mxnStore);
    expect(left).toMatchObject({ included: false });
    expect(left?.reason).toContain('No MXN exchange rate');
    expect(before.kpis?.grossSales.current).toBe('300.01');

    const entered = await sendJson(
      app,
      'POST',
      '/api/exchange-rates',
      { date: '2026-11-02', currency: 'MXN', rate: '20.5' },
      owner,
    );
    expect(entered.status).toBe(201);
    const after = await dashboard();
    expect(after.stores.find((s) => s.storeId === mxnStore)?.included).toBe(true);
    // 205.00 MXN / 20.5 × 1.1 = 11.00 USD.
    expect(after.kpis?.grossSales.current).toBe(amount(30_001 + 1_100));
    expect(after.rates).toContainEqual({
      currency: 'MXN',
      from: '2026-11-18',
      to: '2026-11-18',
      rateDate: '2026-11-02',
      rate: '20.5',
      source: 'manual',
    });
  });

  it('keeps the All-stores profit from a member who may not see costs', async () => {
    const viewer = await joinByInvitation(app, owner, {
      email: 'all-viewer@example.com',
      firstName: 'Vera',
      role: 'viewer',
    });
    const patched = await sendJson(
      app,
      'PATCH',
      `/api/workspace/members/${viewer.userId}`,
      { canSeeCosts: false },
      owner,
    );
    expect(patched.status, await patched.clone().text()).toBe(200);
    const refused = await app.request('/api/all-stores/profit?from=2026-11-16&to=2026-11-22', {
      cookie: viewer.cookie,
    });
    expect(refused.status).toBe(403);
    const body = await refused.text();
    expect(body).not.toContain('300.01');
    // The dashboard's sales figures stay readable; they carry no cost or profit field.
    const answer = await dashboard(viewer.cookie);
    expect(parseDecimalToMinor(answer.kpis?.revenue.current ?? '0', 2)).toBeGreaterThan(0);
    expect(JSON.stringify(answer)).not.toMatch(/profit|cogs|contribution/i);
  });
});
