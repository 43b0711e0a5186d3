import { costInForce } from '../../core/profit/cost-in-force.ts';
import { paymentFeeOf } from '../../core/profit/payment-fee-of.ts';
import type {
  ProfitDayAmount,
  ProfitRefundLine,
  ProfitSaleLine,
  ProfitSaleOrder,
} from '../../core/profit/types.ts';
import { currencyDigitsOf, parseDecimalToMinor } from '../../shared/money.ts';
import { parseShopDate } from '../analytics-io/parse-shop-date.ts';
import { CliUsageError } from '../command.ts';
import { type CsvRecord, csvValueError, readCsvRecords } from './read-csv-records.ts';
import { expensesOf, type ProfitRules, readCostPeriods } from './read-profit-inputs.ts';
import type { ProfitStore } from './read-profit-store.ts';

/** The export's columns `upside profit` reads (Shopify admin → Orders → Export, CSV). */
const COLUMNS = {
  name: 'Name',
  currency: 'Currency',
  shipping: 'Shipping',
  discount: 'Discount Amount',
  refunded: 'Refunded Amount',
  total: 'Total',
  createdAt: 'Created at',
  cancelledAt: 'Cancelled at',
  paymentMethod: 'Payment Method',
  quantity: 'Lineitem quantity',
  price: 'Lineitem price',
  sku: 'Lineitem sku',
} as const;

/** A gateway name as an export writes it ("Shopify Payments") or as a rule names it ("shopify_payments"). */
const gatewayKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * The P&L input (decision 010) from a Shopify orders export plus a costs CSV (`sku`, `cost`,
 * `effective_from`) and, optionally, the owner's rules (profit-rules.json's shape). An export says
 * less than the Admin API, and what it cannot say is stated rather than guessed:
 * - an order's first row carries its order fields (Currency, Shipping, Discount Amount, Refunded
 *   Amount, Total, Payment Method, Created at, Cancelled at); each of its rows may carry one line
 *   (Lineitem quantity, price, sku). The shop day is the date part of Created at (exports write the
 *   shop's local time). Cancelled orders are left out;
 * - returns are the Refunded Amount on the order's day (an export has no refund date, no refunded
 *   lines, and includes refunded tax), and nothing counts as restocked;
 * - the shipping cost is the shipping charged (no per-order costs or weights in an export);
 * - payment fees follow the owner's rule for the order's Payment Method as gateway ("Shopify
 *   Payments" matches a rule for "shopify_payments"), on the order's Total;
 * - marketing is zero: an export carries no ad spend.
 * A line's cost is the cost in force for its SKU on the order day, 0 when the CSV has none.
 */
export function readShopifyProfitExport(
  ordersPath: string,
  costsPath: string,
  rules: ProfitRules | null,
): ProfitStore {
  const name = ordersPath.split(/[\\/]/).pop() ?? ordersPath;
  const records = readCsvRecords(ordersPath, name, [
    COLUMNS.name,
    COLUMNS.createdAt,
    COLUMNS.total,
    COLUMNS.quantity,
    COLUMNS.price,
  ]);
  if (records.length === 0) throw new CliUsageError(`${name}: no orders`);
  const currency = (records[0]!.values[COLUMNS.currency] ?? '').trim();
  if (!/^[A-Z]{3}$/.test(currency))
    throw csvValueError(name, records[0]!, COLUMNS.currency, 'is not a currency code');
  const digits = currencyDigitsOf(currency);
  const money = (record: CsvRecord, column: string) => {
    const text = (record.values[column] ?? '').trim();
    if (text === '') return 0;
    if (!/^\d+(\.\d+)?$/.test(text))
      throw csvValueError(name, record, column, 'is not a non-negative amount');
    return parseDecimalToMinor(text, digits);
  };
  const costs = readCostPeriods(costsPath, null, digits);
  const feeRules = (rules?.paymentFeeRules ?? []).map((r) => ({
    ...r,
    gateway: gatewayKey(r.gateway),
    fixedMinor: parseDecimalToMinor(r.fixed, digits),
  }));

  const orders: ProfitSaleOrder[] = [];
  const saleLines: ProfitSaleLine[] = [];
  const refundLines: ProfitRefundLine[] = [];
  const fees: ProfitDayAmount[] = [];
  /** The current order: its name, day, and whether it counts (not cancelled). */
  let current = null as { name: string; day: string; counts: boolean } | null;
  const seen = new Set<string>();
  for (const record of records) {
    const orderName = (record.values[COLUMNS.name] ?? '').trim();
    if (orderName === '') throw csvValueError(name, record, COLUMNS.name, 'is empty');
    if (current?.name !== orderName) {
      if (seen.has(orderName))
        throw csvValueError(
          name,
          record,
          COLUMNS.name,
          "repeats an earlier order (an order's rows must be together)",
        );
      seen.add(orderName);
      const day = parseShopDate(record.values[COLUMNS.createdAt] ?? '');
      if (day === null || day < '2000-01-01' || day > '2100-12-31')
        throw csvValueError(name, record, COLUMNS.createdAt, 'is not a date-time in 2000–2100');
      const rowCurrency = (record.values[COLUMNS.currency] ?? '').trim();
      if (rowCurrency !== currency)
        throw csvValueError(name, record, COLUMNS.currency, `differs from the first order's ${currency}`);
      const counts = (record.values[COLUMNS.cancelledAt] ?? '').trim() === '';
      current = { name: orderName, day, counts };
      if (counts) {
        const shipping = money(record, COLUMNS.shipping);
        orders.push({
          day,
          shippingChargedMinor: shipping,
          discountMinor: money(record, COLUMNS.discount),
          shippingCostMinor: shipping,
        });
        const refunded = money(record, COLUMNS.refunded);
        if (refunded > 0)
          refundLines.push({ day, subtotalMinor: refunded, quantity: 0, restocked: false, unitCostMinor: 0 });
        const gateway = gatewayKey(record.values[COLUMNS.paymentMethod] ?? '');
        const fee = paymentFeeOf(
          {
            kind: 'SALE',
            status: 'SUCCESS',
            gateway,
            amountMinor: money(record, COLUMNS.total),
            feesMinor: [],
          },
          feeRules,
        );
        if (fee !== 0) fees.push({ day, amountMinor: fee });
      }
    }
    const quantityText = (record.values[COLUMNS.quantity] ?? '').trim();
    if (!current.counts || quantityText === '') continue;
    if (!/^\d+$/.test(quantityText) || quantityText === '0')
      throw csvValueError(name, record, COLUMNS.quantity, 'is not a positive whole number');
    const sku = (record.values[COLUMNS.sku] ?? '').trim();
    saleLines.push({
      day: current.day,
      quantity: Number(quantityText),
      originalUnitPriceMinor: money(record, COLUMNS.price),
      unitCostMinor: costInForce(costs.get(sku) ?? [], current.day) ?? 0,
    });
  }
  const days = orders.map((o) => o.day).sort();
  if (days.length === 0) throw new CliUsageError(`${name}: every order in it is cancelled`);
  return {
    currency,
    digits,
    startDate: days[0]!,
    endDate: days[days.length - 1]!,
    input: {
      orders,
      saleLines,
      refundLines,
      refundedShipping: [],
      fees,
      spend: [],
      expenses: rules ? expensesOf(rules, digits) : [],
    },
  };
}
