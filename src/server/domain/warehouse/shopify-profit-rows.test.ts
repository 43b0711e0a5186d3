import { describe, expect, it } from 'vitest';
import { mapRefundDetails, mapTransactions, weightInGrams } from './shopify-profit-rows.ts';

const shop = { workspaceId: 'w', currencyCode: 'USD', currencyDigits: 2, timeZone: 'America/New_York' };
const bag = (amount: string) => ({ shopMoney: { amount } });

describe('mapTransactions', () => {
  it('sums Shopify fees, leaves null when the gateway sent none, and dates by the shop day', () => {
    const rows = mapTransactions(shop, 7, [
      {
        id: 'gid://shopify/OrderTransaction/11',
        kind: 'SALE',
        status: 'SUCCESS',
        gateway: 'shopify_payments',
        createdAt: '2026-03-02T03:00:00Z',
        processedAt: '2026-03-02T03:00:00Z',
        amountSet: bag('100.00'),
        fees: [{ amount: { amount: '3.20' } }, { amount: { amount: '0.05' } }],
      },
      {
        id: 'gid://shopify/OrderTransaction/12',
        kind: 'CAPTURE',
        status: 'SUCCESS',
        gateway: 'paypal',
        createdAt: '2026-03-02T12:00:00Z',
        processedAt: null,
        amountSet: bag('19.9'),
        fees: [],
      },
    ]);
    expect(rows).toEqual([
      expect.objectContaining({
        transaction_id: 11,
        order_id: 7,
        amount_minor: 10000,
        fee_minor: 325,
        transaction_date: '2026-03-01',
      }),
      expect.objectContaining({
        transaction_id: 12,
        amount_minor: 1990,
        fee_minor: null,
        transaction_date: '2026-03-02',
      }),
    ]);
  });
});

describe('mapRefundDetails', () => {
  it('marks returned and cancelled lines restocked, keeps NO_RESTOCK, and sums refunded shipping', () => {
    const line = (id: number, restockType: string | null, restocked: boolean | null = null) => ({
      lineItem: { id: `gid://shopify/LineItem/${id}` },
      quantity: 2,
      restocked,
      restockType,
      subtotalSet: bag('10.00'),
    });
    const { lines, shippingByRefund } = mapRefundDetails(
      shop,
      7,
      [
        {
          id: 'gid://shopify/Refund/5',
          refundLineItems: {
            nodes: [line(1, 'RETURN'), line(2, 'NO_RESTOCK'), line(3, 'CANCEL'), line(4, null, true)],
          },
          refundShippingLines: { nodes: [{ subtotalAmountSet: bag('4.99') }] },
        },
        { id: 'gid://shopify/Refund/6', refundLineItems: { nodes: [] }, refundShippingLines: { nodes: [] } },
      ],
      new Map([
        [5, '2026-03-09'],
        [6, '2026-03-10'],
      ]),
    );
    expect(
      lines.map((row) => [row.line_item_id, row.restocked, row.refund_date, row.subtotal_minor]),
    ).toEqual([
      [1, true, '2026-03-09', 1000],
      [2, false, '2026-03-09', 1000],
      [3, true, '2026-03-09', 1000],
      [4, true, '2026-03-09', 1000],
    ]);
    expect([...shippingByRefund]).toEqual([
      [5, 499],
      [6, 0],
    ]);
  });
});

describe('weightInGrams', () => {
  it('converts Shopify weight units to whole grams', () => {
    expect(weightInGrams({ unit: 'GRAMS', value: 250 })).toBe(250);
    expect(weightInGrams({ unit: 'KILOGRAMS', value: 1.2 })).toBe(1200);
    expect(weightInGrams({ unit: 'POUNDS', value: 1 })).toBe(454);
    expect(weightInGrams({ unit: 'OUNCES', value: 2 })).toBe(57);
    expect(weightInGrams(null)).toBeNull();
    expect(weightInGrams({ unit: 'STONES', value: 1 })).toBeNull();
  });
});
