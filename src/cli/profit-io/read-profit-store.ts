import { join } from 'node:path';
import { z } from 'zod';
import { costInForce } from '../../core/profit/cost-in-force.ts';
import { paymentFeeOf } from '../../core/profit/payment-fee-of.ts';
import { shippingCostOf } from '../../core/profit/shipping-cost-of.ts';
import type {
  ProfitDayAmount,
  ProfitInput,
  ProfitRefundLine,
  ProfitSaleLine,
  ProfitSaleOrder,
} from '../../core/profit/types.ts';
import { currencyDigitsOf, MoneySchema, parseDecimalToMinor } from '../../shared/money.ts';
import { readAdPlatformSpend } from './read-ad-platform-spend.ts';
import { csvValueError, readCsvRecords } from './read-csv-records.ts';
import { parseOrFail, readJsonl } from './read-jsonl.ts';
import { expensesOf, readCostPeriods, readProfitRules } from './read-profit-inputs.ts';
import { readTextFile } from './read-text-file.ts';

const Day = z.iso.date();
/** An instant written with the shop's UTC offset: its first ten characters are the shop day. */
const ZonedInstant = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/,
    "expected an ISO date-time with the shop's UTC offset",
  );
const Minor = z.number().int();

const ShopSchema = z.object({
  currencyCode: z.string().regex(/^[A-Z]{3}$/),
  config: z.object({ startDate: Day, endDate: Day }),
});
const ProductSchema = z.object({
  variants: z.array(z.object({ legacyId: z.number().int(), sku: z.string() })),
});
const OrderSchema = z.object({
  id: z.string().min(1),
  day: Day,
  test: z.boolean(),
  cancelledAt: z.string().nullable(),
  shippingMinor: Minor.nonnegative(),
  discountMinor: Minor.nonnegative(),
  lineItems: z.array(
    z.object({
      id: z.string(),
      sku: z.string(),
      quantity: z.number().int().positive(),
      unitPriceMinor: Minor.nonnegative(),
    }),
  ),
  shippingAddress: z.object({ countryCode: z.string() }).nullable(),
});
const TransactionSchema = z.object({
  orderId: z.string().min(1),
  kind: z.string(),
  status: z.string(),
  gateway: z.string(),
  amount: MoneySchema,
  processedAt: ZonedInstant,
  fees: z.array(z.object({ amount: MoneySchema })),
});
const RefundSchema = z.object({
  orderId: z.string().min(1),
  createdAt: ZonedInstant,
  shipping: MoneySchema,
  lines: z.array(
    z.object({
      lineItemId: z.string(),
      quantity: z.number().int().positive(),
      subtotal: MoneySchema,
      restocked: z.boolean(),
    }),
  ),
});
const SpendSchema = z.object({ day: Day, spendMinor: Minor.nonnegative() });

/** The P&L input read from an `upside demo generate` folder, with its currency and full range. */
export interface ProfitStore {
  currency: string;
  digits: number;
  startDate: string;
  endDate: string;
  input: ProfitInput;
}

function readWeights(dir: string): Map<string, number> {
  const name = 'variant-weights.csv';
  const weights = new Map<string, number>();
  for (const record of readCsvRecords(join(dir, name), name, ['sku', 'grams'])) {
    const grams = record.values.grams ?? '';
    if (!/^\d+$/.test(grams)) throw csvValueError(name, record, 'grams', 'is not a whole number of grams');
    weights.set(record.values.sku ?? '', Number(grams));
  }
  return weights;
}

/** Reads the folder and normalises it into the P&L input of src/core/profit (decision 010). */
export function readProfitStore(dir: string): ProfitStore {
  const shop = parseOrFail(
    ShopSchema,
    JSON.parse(readTextFile(join(dir, 'shop.json'), 'shop.json')),
    'shop.json',
  );
  const digits = currencyDigitsOf(shop.currencyCode);
  const minor = (amount: string) => parseDecimalToMinor(amount, digits);
  const rules = readProfitRules(join(dir, 'profit-rules.json'));
  const skuOfVariant = new Map<number, string>();
  for (const p of readJsonl(join(dir, 'products.jsonl'), 'products.jsonl', ProductSchema))
    for (const v of p.variants) skuOfVariant.set(v.legacyId, v.sku);
  const costs = readCostPeriods(join(dir, 'costs.csv'), skuOfVariant, digits);
  const weights = readWeights(dir);
  const profiles = rules.shippingProfiles.map((p) => ({ ...p, costMinor: minor(p.cost) }));
  const feeRules = rules.paymentFeeRules.map((r) => ({ ...r, fixedMinor: minor(r.fixed) }));

  const orders: ProfitSaleOrder[] = [];
  const saleLines: ProfitSaleLine[] = [];
  const refundLines: ProfitRefundLine[] = [];
  const refundedShipping: ProfitDayAmount[] = [];
  const fees: ProfitDayAmount[] = [];
  const spend: ProfitDayAmount[] = [];
  /** Sale orders by id: their day and each line's frozen unit cost. */
  const sales = new Map<string, { lineCost: Map<string, number> }>();
  for (const order of readJsonl(join(dir, 'orders.jsonl'), 'orders.jsonl', OrderSchema)) {
    if (order.test || order.cancelledAt !== null) continue;
    const lineCost = new Map<string, number>();
    let weightGrams = 0;
    for (const line of order.lineItems) {
      const unitCostMinor = costInForce(costs.get(line.sku) ?? [], order.day) ?? 0;
      lineCost.set(line.id, unitCostMinor);
      weightGrams += line.quantity * (weights.get(line.sku) ?? 0);
      saleLines.push({
        day: order.day,
        quantity: line.quantity,
        originalUnitPriceMinor: line.unitPriceMinor,
        unitCostMinor,
      });
    }
    const shippingCostMinor = shippingCostOf(
      {
        importedCostMinor: null,
        countryCode: order.shippingAddress?.countryCode ?? null,
        weightGrams,
        shippingChargedMinor: order.shippingMinor,
      },
      profiles,
    );
    orders.push({
      day: order.day,
      shippingChargedMinor: order.shippingMinor,
      discountMinor: order.discountMinor,
      shippingCostMinor,
    });
    sales.set(order.id, { lineCost });
  }
  for (const refund of readJsonl(join(dir, 'refunds.jsonl'), 'refunds.jsonl', RefundSchema)) {
    const sale = sales.get(refund.orderId);
    if (!sale) continue;
    const day = refund.createdAt.slice(0, 10);
    refundedShipping.push({ day, amountMinor: minor(refund.shipping) });
    for (const line of refund.lines) {
      refundLines.push({
        day,
        subtotalMinor: minor(line.subtotal),
        quantity: line.quantity,
        restocked: line.restocked,
        unitCostMinor: sale.lineCost.get(line.lineItemId) ?? 0,
      });
    }
  }
  for (const t of readJsonl(join(dir, 'transactions.jsonl'), 'transactions.jsonl', TransactionSchema)) {
    if (!sales.has(t.orderId)) continue;
    const amountMinor = paymentFeeOf(
      { ...t, amountMinor: minor(t.amount), feesMinor: t.fees.map((f) => minor(f.amount)) },
      feeRules,
    );
    if (amountMinor !== 0) fees.push({ day: t.processedAt.slice(0, 10), amountMinor });
  }
  for (const row of readJsonl(join(dir, 'meta-daily.jsonl'), 'meta-daily.jsonl', SpendSchema))
    spend.push({ day: row.day, amountMinor: row.spendMinor });
  spend.push(...readAdPlatformSpend(dir, shop.currencyCode));
  return {
    currency: shop.currencyCode,
    digits,
    startDate: shop.config.startDate,
    endDate: shop.config.endDate,
    input: {
      orders,
      saleLines,
      refundLines,
      refundedShipping,
      fees,
      spend,
      expenses: expensesOf(rules, digits),
    },
  };
}
