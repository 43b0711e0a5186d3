import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoOrder } from '../../src/demo/model.ts';
import { minorToDecimal, parseDecimalToMinor } from '../../src/shared/money.ts';
import { type DemoTestApp, startDemoTestApp } from '../support/start-demo-app.ts';

/**
 * Order Lookup on the demo store (issue #20.5): the answer reconciles — line items less discounts
 * is the subtotal, subtotal + shipping + tax is the total — lists the refunds of a refunded order,
 * and names the shop's time zone, in which the order falls on the day the generator planted.
 */
let app: DemoTestApp;
let owner: string;

beforeAll(async () => {
  app = await startDemoTestApp();
  owner = await app.signIn('owner@example.com', 'Olive');
  const connect = await app.request('/api/demo/connect', { method: 'POST', cookie: owner });
  expect(connect.status).toBe(200);
});
afterAll(async () => {
  await app?.close();
});

const minor = (amount: string) => parseDecimalToMinor(amount, 2);

/** The first generated order matching `wanted`, newest first (live orders, not test ones). */
function findOrder(wanted: (order: DemoOrder) => boolean): DemoOrder {
  const { store } = app.demo;
  for (let i = store.orders.count - 1; i >= 0; i -= 1) {
    const order = store.getOrder(i);
    if (!order.test && order.cancelledAtMs === null && wanted(order)) return order;
  }
  throw new Error('the demo store has no such order');
}

/** The shop-local day of an instant, as the owner's calendar shows it. */
function dayIn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

async function lookup(name: string) {
  const response = await app.request(`/api/shopify/order/${encodeURIComponent(name)}`, { cookie: owner });
  expect(response.status).toBe(200);
  const body = await response.json();
  expect(body.found).toBe(true);
  return body.order;
}

describe('order lookup on the demo store', () => {
  it('shows discounts and shipping so subtotal, shipping and tax add up to the total', async () => {
    const planted = findOrder((o) => o.discountMinor > 0 && o.shippingMinor > 0 && o.refunds.length === 0);
    const order = await lookup(planted.name);
    expect(order.total_discounts).toBe(minorToDecimal(planted.discountMinor, 2));
    expect(order.total_shipping).toBe(minorToDecimal(planted.shippingMinor, 2));
    expect(order.discount_codes).toEqual(planted.discountCode ? [planted.discountCode] : []);
    const items = order.line_items.reduce(
      (sum: number, item: { price: string; quantity: number }) => sum + minor(item.price) * item.quantity,
      0,
    );
    expect(items - minor(order.total_discounts)).toBe(minor(order.subtotal_price));
    expect(minor(order.subtotal_price) + minor(order.total_shipping) + minor(order.total_tax)).toBe(
      minor(order.total_price),
    );
    expect(order.total_refunded).toBe('0.00');
    expect(order.refunds).toEqual([]);
  });

  it('lists the refunds of a refunded order and its total after them', async () => {
    const planted = findOrder((o) => o.refunds.length > 0);
    const order = await lookup(planted.name);
    expect(order.total_refunded).toBe(minorToDecimal(planted.refundedMinor, 2));
    expect(order.refunds).toEqual(
      planted.refunds.map((refund) => ({
        id: refund.legacyId,
        created_at: new Date(refund.createdAtMs).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        note: refund.note,
        amount: minorToDecimal(refund.totalMinor, 2),
      })),
    );
    expect(order.current_total_price).toBe(minorToDecimal(planted.totalMinor - planted.refundedMinor, 2));
  });

  it("names the shop's time zone, in which the order falls on its planted day", async () => {
    const { shop } = app.demo.store;
    // An order placed late in the shop's evening: its UTC day is already the next one.
    const planted = findOrder((o) => dayIn(new Date(o.createdAtMs).toISOString(), 'UTC') !== o.day);
    const order = await lookup(planted.name);
    expect(order.timezone).toBe(shop.ianaTimezone);
    expect(dayIn(order.created_at, order.timezone)).toBe(planted.day);
    expect(dayIn(order.created_at, 'UTC')).not.toBe(planted.day);
  });
});
