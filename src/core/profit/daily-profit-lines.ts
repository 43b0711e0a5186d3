import { fromDayNumber } from '../dates/from-day-number.ts';
import { toDayNumber } from '../dates/to-day-number.ts';
import { expenseOnDay } from './expense-on-day.ts';
import type { ProfitDay, ProfitInput } from './types.ts';

/**
 * The P&L of decision 010 for every shop day of [from, to] (days without activity included):
 * gross sales (original unit price × quantity: Shopify's, without shipping and taxes) and discounts
 * on the order day; returns (refund line subtotals) on the refund day; shipping charges = shipping
 * charged (order day) − shipping refunded (refund day); COGS = sold quantity ×
 * frozen cost on the order day − restocked refunded quantity × the same cost on the refund day;
 * shipping cost on the order day; fees on the transaction day; marketing on the spend day;
 * expenses per day (`expenseOnDay`), then the subtotal lines. Events outside [from, to] are ignored.
 */
export function dailyProfitLines(input: ProfitInput, from: string, to: string): ProfitDay[] {
  const start = toDayNumber(from);
  const n = toDayNumber(to) - start + 1;
  if (n < 1) throw new RangeError(`empty range: ${from}..${to}`);
  const column = () => new Array<number>(n).fill(0);
  const c = {
    grossSales: column(),
    shippingCharges: column(),
    discounts: column(),
    returns: column(),
    cogs: column(),
    shipping: column(),
    paymentFees: column(),
    marketing: column(),
    saleOrders: column(),
  };
  const add = (line: number[], day: string, amount: number) => {
    const d = toDayNumber(day) - start;
    if (d >= 0 && d < n) line[d]! += amount;
  };
  for (const o of input.orders) {
    add(c.shippingCharges, o.day, o.shippingChargedMinor);
    add(c.discounts, o.day, o.discountMinor);
    add(c.shipping, o.day, o.shippingCostMinor);
    add(c.saleOrders, o.day, 1);
  }
  for (const l of input.saleLines) {
    add(c.grossSales, l.day, l.originalUnitPriceMinor * l.quantity);
    add(c.cogs, l.day, l.unitCostMinor * l.quantity);
  }
  for (const r of input.refundLines) {
    add(c.returns, r.day, r.subtotalMinor);
    if (r.restocked) add(c.cogs, r.day, -r.unitCostMinor * r.quantity);
  }
  for (const s of input.refundedShipping) add(c.shippingCharges, s.day, -s.amountMinor);
  for (const f of input.fees) add(c.paymentFees, f.day, f.amountMinor);
  for (const s of input.spend) add(c.marketing, s.day, s.amountMinor);

  const days: ProfitDay[] = [];
  for (let d = 0; d < n; d += 1) {
    const day = fromDayNumber(start + d);
    const netSales = c.grossSales[d]! - c.discounts[d]! - c.returns[d]!;
    const grossProfit = netSales - c.cogs[d]!;
    const contributionMargin =
      grossProfit + c.shippingCharges[d]! - c.shipping[d]! - c.paymentFees[d]! - c.marketing[d]!;
    const lines = { netSales, adSpend: c.marketing[d]!, saleOrders: c.saleOrders[d]! };
    const expenses = input.expenses.reduce((sum, e) => sum + expenseOnDay(e, day, lines), 0);
    days.push({
      day,
      grossSales: c.grossSales[d]!,
      discounts: c.discounts[d]!,
      returns: c.returns[d]!,
      netSales,
      cogs: c.cogs[d]!,
      grossProfit,
      shippingCharges: c.shippingCharges[d]!,
      shipping: c.shipping[d]!,
      paymentFees: c.paymentFees[d]!,
      marketing: c.marketing[d]!,
      contributionMargin,
      expenses,
      netProfit: contributionMargin - expenses,
    });
  }
  return days;
}
