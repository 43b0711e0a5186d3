/**
 * The profit files of an `upside demo generate` export, beside the existing ones (which stay
 * byte-identical): what a P&L needs that orders.jsonl and meta-daily.jsonl do not carry.
 * - `transactions.jsonl`: per order transaction — kind, status, gateway, amount, processedAt (shop
 *   offset), fees as the gateway returned them (none on the PayPal-like gateway);
 * - `refunds.jsonl`: per refund — createdAt, refunded shipping, lines with restock;
 * - `costs.csv`: the cost history as an owner's costs CSV (`sku,variant_id,cost,effective_from`);
 * - `variant-weights.csv`: `variant_id,sku,grams`;
 * - `profit-rules.json`: shipping profiles, fee rules, expenses (the `DemoProfitSetup` contract
 *   without its costs).
 * Amounts in these files are decimal strings in the shop currency.
 */
import { currencyDigitsOf, minorToDecimal } from '../../shared/money.ts';
import { formatZoned } from '../calendar.ts';
import type { DemoStore } from '../model.ts';
import { orderProfit } from './order-profit.ts';
import { demoProfitSetup } from './setup.ts';

export const PROFIT_FILES = [
  'transactions.jsonl',
  'refunds.jsonl',
  'costs.csv',
  'variant-weights.csv',
  'profit-rules.json',
] as const;
export type ProfitFile = (typeof PROFIT_FILES)[number];

/** Every line of the profit files, in a fixed order. */
export function* profitRecords(store: DemoStore): Generator<[ProfitFile, string]> {
  const tz = store.shop.ianaTimezone;
  const digits = currencyDigitsOf(store.shop.currencyCode);
  const money = (minor: number) => minorToDecimal(minor, digits);
  for (let i = 0; i < store.orders.count; i += 1) {
    const order = store.getOrder(i);
    const facts = orderProfit(store.profit, order);
    for (const t of facts.transactions) {
      yield [
        'transactions.jsonl',
        JSON.stringify({
          id: t.id,
          orderId: order.id,
          kind: t.kind,
          status: t.status,
          gateway: t.gateway,
          amount: money(t.amountMinor),
          processedAt: formatZoned(tz, t.processedAtMs),
          fees: t.fee
            ? [{ amount: money(t.fee.amountMinor), rate: t.fee.percent, flatFee: money(t.fee.flatMinor) }]
            : [],
        }),
      ];
    }
    for (let r = 0; r < order.refunds.length; r += 1) {
      const refund = order.refunds[r]!;
      yield [
        'refunds.jsonl',
        JSON.stringify({
          id: refund.id,
          orderId: order.id,
          createdAt: formatZoned(tz, refund.createdAtMs),
          shipping: money(facts.refundedShippingMinor[r]!),
          lines: refund.lines.map((line, p) => ({
            lineItemId: order.lineItems[line.lineItemIndex]!.id,
            quantity: line.quantity,
            subtotal: money(line.subtotalMinor),
            restocked: facts.restocked[r]![p]!,
          })),
        }),
      ];
    }
  }
  const setup = demoProfitSetup(store.profit, store.variants);
  yield ['costs.csv', 'sku,variant_id,cost,effective_from'];
  for (const c of setup.costs) yield ['costs.csv', `${c.sku},${c.variantId},${c.cost},${c.effectiveFrom}`];
  yield ['variant-weights.csv', 'variant_id,sku,grams'];
  for (const v of store.variants)
    yield ['variant-weights.csv', `${v.legacyId},${v.sku},${store.profit.weightsGrams[v.index]}`];
  const { costs: _costs, ...rules } = setup;
  yield ['profit-rules.json', JSON.stringify(rules, null, 2)];
}
