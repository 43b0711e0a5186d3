import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeThrottleWaitMs } from './client.ts';
import { gidToNumber, mapFulfillmentStatus, mapOrderToLookup, normaliseDecimal } from './map.ts';
import { GraphqlEnvelopeSchema, OrdersQueryDataSchema } from './payload.schema.ts';

const recorded = JSON.parse(readFileSync(new URL('./fixtures/order-1001.json', import.meta.url), 'utf8'));

describe('shopify map', () => {
  it('maps a recorded GraphQL order to the REST-shaped lookup order', () => {
    const envelope = GraphqlEnvelopeSchema.parse(recorded);
    const order = OrdersQueryDataSchema.parse(envelope.data).orders.nodes[0]!;
    expect(mapOrderToLookup(order, 'America/Chicago')).toEqual({
      id: 5550001001,
      name: '#1001',
      order_number: 1001,
      financial_status: 'partially_refunded',
      fulfillment_status: 'partial',
      currency: 'USD',
      total_price: '59.90',
      subtotal_price: '54.90',
      total_tax: '5.00',
      created_at: '2026-10-01T12:00:00Z',
      customer: { first_name: 'Ana', last_name: 'Li', email: 'ana@example.com' },
      line_items: [
        { id: 77, title: 'Mug', quantity: 2, price: '19.95' },
        { id: 78, title: 'Tea', quantity: 1, price: '15.00' },
      ],
      shipping_address: {
        first_name: 'Ana',
        last_name: 'Li',
        address1: '1 Main St',
        city: 'Springfield',
        province: 'Oregon',
        zip: '97477',
        country: 'United States',
      },
      // The recording predates these fields: absent amounts read as zero, no refunds listed.
      total_discounts: '0.00',
      discount_codes: [],
      total_shipping: '0.00',
      total_refunded: '0.00',
      current_total_price: '59.90',
      refunds: [],
      timezone: 'America/Chicago',
    });
  });

  it('handles guest orders without address, tax or financial status', () => {
    const envelope = GraphqlEnvelopeSchema.parse(recorded);
    const order = OrdersQueryDataSchema.parse(envelope.data).orders.nodes[0]!;
    const guest = mapOrderToLookup(
      {
        ...order,
        customer: null,
        shippingAddress: null,
        totalTaxSet: null,
        displayFinancialStatus: null,
        displayFulfillmentStatus: 'UNFULFILLED',
      },
      'UTC',
    );
    expect(guest.customer).toBeNull();
    expect(guest.shipping_address).toBeNull();
    expect(guest.total_tax).toBe('0.00');
    expect(guest.financial_status).toBeNull();
    expect(guest.fulfillment_status).toBeNull();
  });

  it('maps fulfillment statuses incl. unknown ones', () => {
    expect(mapFulfillmentStatus('FULFILLED')).toBe('fulfilled');
    expect(mapFulfillmentStatus('OPEN')).toBeNull();
    expect(mapFulfillmentStatus('SOMETHING_NEW')).toBe('something_new');
  });

  it('normalises decimals without rounding and parses GIDs', () => {
    expect(normaliseDecimal('5')).toBe('5.00');
    expect(normaliseDecimal('1.234')).toBe('1.234');
    expect(gidToNumber('gid://shopify/LineItem/42')).toBe(42);
  });

  it('computes the THROTTLED wait from the cost block', () => {
    expect(
      computeThrottleWaitMs({
        requestedQueryCost: 752,
        actualQueryCost: null,
        throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 666, restoreRate: 50 },
      }),
    ).toBe(1720); // 86 points missing at 50 a second
  });
});
