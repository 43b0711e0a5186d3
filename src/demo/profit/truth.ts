/**
 * The `profit` section of the ground truth: every P&L line of decision 010 per shop day, from the
 * generator's own planted truth (true costs, true fees, true shipping), sales on Shopify's
 * definitions (decision 109): gross sales are products only, returns the returned items, and the
 * shipping charged less shipping refunded is `shippingCharges`. This is the generator's own
 * accounting, written apart from src/core/profit, so the CLI and the warehouse are checked against
 * an independent computation.
 */

import { PROFIT_LINE_NAMES } from '../../core/profit/types.ts';
import { dayToIso, localDayOf, parseIsoDay } from '../calendar.ts';
import type { MetaDailyRow } from '../meta-model.ts';
import type { DemoOrder } from '../model.ts';
import type { DemoExpense, DemoProfitPlan, ProfitLines, ProfitTruth } from './model.ts';
import { orderProfit } from './order-profit.ts';
import { costOnDay, percentOf } from './plan.ts';

/** Collects the order-driven lines while the generator makes its orders; `finish` adds the rest. */
export class ProfitTruthBuilder {
  private readonly startDay: number;
  private readonly grossSales: Float64Array;
  private readonly shippingCharges: Float64Array;
  private readonly discounts: Float64Array;
  private readonly returns: Float64Array;
  private readonly cogs: Float64Array;
  private readonly shipping: Float64Array;
  private readonly paymentFees: Float64Array;
  private readonly saleOrders: Int32Array;

  constructor(
    private readonly plan: DemoProfitPlan,
    startDate: string,
    private readonly days: number,
  ) {
    this.startDay = parseIsoDay(startDate);
    this.grossSales = new Float64Array(days);
    this.shippingCharges = new Float64Array(days);
    this.discounts = new Float64Array(days);
    this.returns = new Float64Array(days);
    this.cogs = new Float64Array(days);
    this.shipping = new Float64Array(days);
    this.paymentFees = new Float64Array(days);
    this.saleOrders = new Int32Array(days);
  }

  private slot(day: number): number {
    const d = day - this.startDay;
    if (d < 0 || d >= this.days) throw new RangeError(`profit event on ${dayToIso(day)} outside the window`);
    return d;
  }

  /** Adds one generated order (test and cancelled orders are not sales and add nothing). */
  addOrder(order: DemoOrder): void {
    if (order.test || order.cancelledAtMs !== null) return;
    const plan = this.plan;
    const facts = orderProfit(plan, order);
    const d = this.slot(parseIsoDay(order.day));
    const lineCost = (index: number) => costOnDay(plan, order.lineItems[index]!.variantIndex, order.day);
    let gross = 0;
    let cogs = 0;
    order.lineItems.forEach((line, i) => {
      gross += line.unitPriceMinor * line.quantity;
      cogs += line.quantity * lineCost(i);
    });
    this.grossSales[d]! += gross;
    this.shippingCharges[d]! += order.shippingMinor;
    this.discounts[d]! += order.discountMinor;
    this.cogs[d]! += cogs;
    this.shipping[d]! += facts.shippingCostMinor;
    this.saleOrders[d]! += 1;
    order.refunds.forEach((refund, r) => {
      const rd = this.slot(localDayOf(plan.timeZone, refund.createdAtMs));
      let returned = 0;
      let restockedCost = 0;
      refund.lines.forEach((line, p) => {
        returned += line.subtotalMinor;
        if (facts.restocked[r]![p]) restockedCost += line.quantity * lineCost(line.lineItemIndex);
      });
      this.returns[rd]! += returned;
      this.shippingCharges[rd]! -= facts.refundedShippingMinor[r]!;
      this.cogs[rd]! -= restockedCost;
    });
    for (const t of facts.transactions) {
      if (t.status !== 'SUCCESS' || (t.kind !== 'SALE' && t.kind !== 'CAPTURE')) continue;
      const rule = plan.feeRules.find((x) => x.gateway === t.gateway);
      const fee = t.fee
        ? t.fee.amountMinor
        : rule
          ? percentOf(t.amountMinor, rule.percent) + rule.fixedMinor
          : 0;
      this.paymentFees[this.slot(localDayOf(plan.timeZone, t.processedAtMs))]! += fee;
    }
  }

  /**
   * Adds marketing (Meta spend per day and every other ad account's daily spend in the shop
   * currency: `adAccountDaily`, date → minor units, issue #39) and expenses, and derives the
   * subtotal lines.
   */
  finish(
    metaDaily: readonly MetaDailyRow[],
    adAccountDaily: ReadonlyArray<Readonly<Record<string, number>>>,
  ): ProfitTruth {
    const marketing = new Float64Array(this.days);
    for (const row of metaDaily) marketing[this.slot(parseIsoDay(row.day))]! += row.spendMinor;
    for (const daily of adAccountDaily)
      for (const [date, spendMinor] of Object.entries(daily))
        marketing[this.slot(parseIsoDay(date))]! += spendMinor;
    const days: ProfitTruth['days'] = [];
    for (let d = 0; d < this.days; d += 1) {
      const date = dayToIso(this.startDay + d);
      const netSales = this.grossSales[d]! - this.discounts[d]! - this.returns[d]!;
      const grossProfit = netSales - this.cogs[d]!;
      const contributionMargin =
        grossProfit + this.shippingCharges[d]! - this.shipping[d]! - this.paymentFees[d]! - marketing[d]!;
      const expenses = this.plan.expenses.reduce(
        (sum, e) =>
          sum + expenseOnDay(e, date, { netSales, adSpend: marketing[d]!, orders: this.saleOrders[d]! }),
        0,
      );
      days.push({
        date,
        grossSales: this.grossSales[d]!,
        discounts: this.discounts[d]!,
        returns: this.returns[d]!,
        netSales,
        cogs: this.cogs[d]!,
        grossProfit,
        shippingCharges: this.shippingCharges[d]!,
        shipping: this.shipping[d]!,
        paymentFees: this.paymentFees[d]!,
        marketing: marketing[d]!,
        contributionMargin,
        expenses,
        netProfit: contributionMargin - expenses,
      });
    }
    const totals = Object.fromEntries(
      PROFIT_LINE_NAMES.map((name) => [name, days.reduce((sum, day) => sum + day[name], 0)]),
    ) as unknown as ProfitLines;
    return { currency: this.plan.currency, days, totals };
  }
}

/** One expense's amount on one shop day (zero outside [startsOn, endsOn]). */
function expenseOnDay(
  expense: DemoExpense,
  date: string,
  day: { netSales: number; adSpend: number; orders: number },
): number {
  if (date < expense.startsOn || (expense.endsOn !== null && date > expense.endsOn)) return 0;
  switch (expense.kind) {
    case 'monthly': {
      const amount = expense.amountMinor ?? 0;
      const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
      const n = new Date(Date.UTC(year, month, 0)).getUTCDate();
      return Math.floor((amount * dayOfMonth) / n) - Math.floor((amount * (dayOfMonth - 1)) / n);
    }
    case 'per_order':
      return (expense.amountMinor ?? 0) * day.orders;
    case 'percent_of_net_sales':
      return percentOf(day.netSales, expense.percent ?? '0');
    case 'percent_of_ad_spend':
      return percentOf(day.adSpend, expense.percent ?? '0');
  }
}
