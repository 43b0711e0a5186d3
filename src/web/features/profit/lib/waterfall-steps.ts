import {
  PROFIT_ADDITIONS,
  PROFIT_LINES,
  type ProfitLine,
  type ProfitLines,
} from '@shared/contracts/profit.ts';
import { currencyDigitsOf, parseDecimalToMinor } from '@shared/money.ts';

export const PROFIT_LINE_LABELS: Readonly<Record<ProfitLine, string>> = {
  grossSales: 'Gross sales',
  discounts: 'Discounts',
  returns: 'Returns',
  netSales: 'Net sales',
  cogs: 'Cost of goods',
  grossProfit: 'Gross profit',
  shippingCharges: 'Shipping charged',
  shipping: 'Shipping cost',
  paymentFees: 'Payment fees',
  marketing: 'Marketing',
  contributionMargin: 'Contribution margin',
  expenses: 'Expenses',
  netProfit: 'Net profit',
};

/** The lines that are results (bars from zero); the others are deducted from the running total. */
export const PROFIT_SUBTOTALS: ReadonlySet<ProfitLine> = new Set([
  'grossSales',
  'netSales',
  'grossProfit',
  'contributionMargin',
  'netProfit',
]);

export interface WaterfallStep {
  line: ProfitLine;
  label: string;
  /** The line's own amount (wire decimal string). */
  amount: string;
  kind: 'subtotal' | 'deduction' | 'addition';
  /** The bar's ends in major units (display only: the amounts themselves stay exact strings). */
  range: [number, number];
  /** A subtotal below zero, or a step that lowers the total. */
  negative: boolean;
}

/**
 * The P&L waterfall from gross sales down to net profit: each result a bar from zero, each
 * deduction a floating bar from the running total down by its amount (up when it is negative,
 * e.g. a refund of a fee), each addition (shipping charged) a floating bar up by its amount. Runs in minor units, so the floating bars land exactly on the results.
 */
export function waterfallSteps(totals: ProfitLines, currency: string): WaterfallStep[] {
  const digits = currencyDigitsOf(currency);
  const scale = 10 ** digits;
  let running = 0;
  return PROFIT_LINES.map((line) => {
    const minor = parseDecimalToMinor(totals[line], digits);
    if (PROFIT_SUBTOTALS.has(line)) {
      running = minor;
      return {
        line,
        label: PROFIT_LINE_LABELS[line],
        amount: totals[line],
        kind: 'subtotal',
        range: [0, minor / scale],
        negative: minor < 0,
      };
    }
    const start = running;
    const adds = PROFIT_ADDITIONS.has(line);
    running += adds ? minor : -minor;
    return {
      line,
      label: PROFIT_LINE_LABELS[line],
      amount: totals[line],
      kind: adds ? 'addition' : 'deduction',
      range: [Math.min(start, running) / scale, Math.max(start, running) / scale],
      negative: running < start,
    };
  });
}
