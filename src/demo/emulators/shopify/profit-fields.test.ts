import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localToUtcMs, parseIsoDay } from '../../calendar.ts';
import { formatDecimal } from '../../money.ts';
import { FEE_GATEWAY, RULE_GATEWAY } from '../../profit/model.ts';
import { orderProfit } from '../../profit/order-profit.ts';
import { type DemoEmulators, startDemoEmulators } from '../../start-demo-emulators.ts';

let demo: DemoEmulators;
let endpoint: string;
let clockMs = 0;

beforeAll(async () => {
  demo = await startDemoEmulators({ preset: 'small', seed: 11, customers: 400, now: () => clockMs });
  endpoint = `${demo.baseUrls.shopify}/admin/api/2026-10/graphql.json`;
});
afterAll(async () => {
  await demo.close();
});

async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-access-token': demo.credentials.shopify.accessToken,
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data!;
}

/** Noon of a shop day, as the emulator's clock. */
function noonOf(day: string): number {
  return localToUtcMs(demo.store.shop.ianaTimezone, parseIsoDay(day), 12 * 3600);
}

const ITEM_QUERY = /* GraphQL */ `
  query Item($id: ID!) {
    productVariant(id: $id) { inventoryItem { unitCost { amount currencyCode } measurement { weight { unit value } } } }
  }`;

const ORDER_QUERY = /* GraphQL */ `
  query Order($id: ID!) {
    order(id: $id) {
      transactions {
        kind status gateway processedAt
        amountSet { shopMoney { amount currencyCode } presentmentMoney { amount currencyCode } }
        fees { amount { amount currencyCode } flatFee { amount currencyCode } rate type }
        parentTransaction { kind }
      }
      refunds {
        refundLineItems(first: 10) { nodes { quantity restocked restockType } }
        refundShippingLines(first: 5) { nodes { subtotalAmountSet { shopMoney { amount } } } }
      }
    }
  }`;

interface OrderAnswer {
  order: {
    transactions: {
      kind: string;
      status: string;
      gateway: string;
      processedAt: string;
      amountSet: { shopMoney: { amount: string; currencyCode: string } };
      fees: {
        amount: { amount: string; currencyCode: string };
        flatFee: { amount: string; currencyCode: string };
        rate: string;
        type: string;
      }[];
      parentTransaction: { kind: string } | null;
    }[];
    refunds: {
      refundLineItems: { nodes: { quantity: number; restocked: boolean; restockType: string }[] };
      refundShippingLines: { nodes: { subtotalAmountSet: { shopMoney: { amount: string } } }[] };
    }[];
  };
}

describe('Shopify emulator: profit fields', () => {
  it('answers inventoryItem.unitCost as it stood on the emulator clock, and the weight in grams', async () => {
    const store = demo.store;
    const v = store.profit.costHistory.findIndex((periods) => periods.length > 1);
    const [first, second] = store.profit.costHistory[v]!;
    const id = store.variants[v]!.id;
    type Answer = {
      productVariant: {
        inventoryItem: {
          unitCost: { amount: string };
          measurement: { weight: { unit: string; value: number } };
        };
      };
    };
    clockMs = noonOf(first!.effectiveFrom);
    const before = await gql<Answer>(ITEM_QUERY, { id });
    clockMs = noonOf(second!.effectiveFrom);
    const after = await gql<Answer>(ITEM_QUERY, { id });
    expect(before.productVariant.inventoryItem.unitCost.amount).toBe(formatDecimal(first!.costMinor, 'USD'));
    expect(after.productVariant.inventoryItem.unitCost.amount).toBe(formatDecimal(second!.costMinor, 'USD'));
    expect(after.productVariant.inventoryItem.unitCost.amount).not.toBe(
      before.productVariant.inventoryItem.unitCost.amount,
    );
    expect(after.productVariant.inventoryItem.measurement.weight).toEqual({
      unit: 'GRAMS',
      value: store.profit.weightsGrams[v],
    });
  });

  it('answers transactions with fees on the fee gateway only, in the Admin API shape', async () => {
    const store = demo.store;
    clockMs = Date.parse(`${store.config.endDate}T23:00:00Z`);
    const orders = Array.from({ length: store.orders.count }, (_, i) => store.getOrder(i)).filter(
      (o) =>
        !o.test &&
        o.cancelledAtMs === null &&
        o.financialStatus !== 'PENDING' &&
        o.financialStatus !== 'AUTHORIZED',
    );
    const byGateway = (gateway: string) =>
      orders.find((o) => orderProfit(store.profit, o).gateway === gateway)!;
    const feeOrder = byGateway(FEE_GATEWAY);
    const planted = orderProfit(store.profit, feeOrder).transactions.find((t) => t.fee !== null)!;
    const paid = await gql<OrderAnswer>(ORDER_QUERY, { id: feeOrder.id });
    const charged = paid.order.transactions.filter((t) => t.fees.length > 0);
    expect(charged).toHaveLength(1);
    expect(charged[0]!.status).toBe('SUCCESS');
    expect(['SALE', 'CAPTURE']).toContain(charged[0]!.kind);
    expect(charged[0]!.gateway).toBe(FEE_GATEWAY);
    expect(charged[0]!.amountSet.shopMoney).toEqual({
      amount: formatDecimal(feeOrder.totalMinor, 'USD'),
      currencyCode: 'USD',
    });
    expect(charged[0]!.fees[0]).toEqual({
      amount: { amount: formatDecimal(planted.fee!.amountMinor, 'USD'), currencyCode: 'USD' },
      flatFee: { amount: formatDecimal(planted.fee!.flatMinor, 'USD'), currencyCode: 'USD' },
      rate: planted.fee!.percent,
      type: 'payment_fee',
    });
    expect(charged[0]!.processedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    const ruleOrder = byGateway(RULE_GATEWAY);
    const rule = await gql<OrderAnswer>(ORDER_QUERY, { id: ruleOrder.id });
    expect(rule.order.transactions.some((t) => t.kind === 'SALE' && t.status === 'SUCCESS')).toBe(true);
    expect(rule.order.transactions.every((t) => t.gateway === RULE_GATEWAY && t.fees.length === 0)).toBe(
      true,
    );
  });

  it('answers refund lines with restock and full refunds with their shipping', async () => {
    const store = demo.store;
    const all = Array.from({ length: store.orders.count }, (_, i) => store.getOrder(i));
    const restocked = all.find((o) => orderProfit(store.profit, o).restocked.some((r) => r.some(Boolean)))!;
    const facts = orderProfit(store.profit, restocked);
    const answer = await gql<OrderAnswer>(ORDER_QUERY, { id: restocked.id });
    answer.order.refunds.forEach((refund, r) => {
      expect(refund.refundLineItems.nodes.map((n) => n.restocked)).toEqual(facts.restocked[r]);
      for (const n of refund.refundLineItems.nodes)
        expect(n.restockType).toBe(n.restocked ? 'RETURN' : 'NO_RESTOCK');
      const shipping = refund.refundShippingLines.nodes.map((n) => n.subtotalAmountSet.shopMoney.amount);
      expect(shipping).toEqual(
        facts.refundedShippingMinor[r]! > 0 ? [formatDecimal(facts.refundedShippingMinor[r]!, 'USD')] : [],
      );
    });
    expect(answer.order.transactions.some((t) => t.kind === 'REFUND' && t.parentTransaction !== null)).toBe(
      true,
    );
  });
});
