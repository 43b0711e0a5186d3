import type { ProfitLines } from '@shared/contracts/profit.ts';
import { describe, expect, it } from 'vitest';
import { waterfallSteps } from './waterfall-steps.ts';

const totals: ProfitLines = {
  grossSales: '1000.00',
  discounts: '50.00',
  returns: '25.50',
  netSales: '924.50',
  cogs: '400.00',
  grossProfit: '524.50',
  shippingCharges: '40.00',
  shipping: '60.00',
  paymentFees: '-1.00',
  marketing: '300.00',
  contributionMargin: '205.50',
  expenses: '200.00',
  netProfit: '5.50',
  taxes: '70.00',
  totalSales: '1034.50',
};

describe('waterfallSteps', () => {
  it('floats each deduction from the running total and lands on each result', () => {
    const steps = waterfallSteps(totals, 'USD');
    expect(steps.map((s) => [s.line, s.kind, s.range, s.negative])).toEqual([
      ['grossSales', 'subtotal', [0, 1000], false],
      ['discounts', 'deduction', [950, 1000], true],
      ['returns', 'deduction', [924.5, 950], true],
      ['netSales', 'subtotal', [0, 924.5], false],
      ['cogs', 'deduction', [524.5, 924.5], true],
      ['grossProfit', 'subtotal', [0, 524.5], false],
      // Shipping charged to customers is added back before the shipping cost.
      ['shippingCharges', 'addition', [524.5, 564.5], false],
      ['shipping', 'deduction', [504.5, 564.5], true],
      // A negative fee (a refunded fee) raises the total.
      ['paymentFees', 'deduction', [504.5, 505.5], false],
      ['marketing', 'deduction', [205.5, 505.5], true],
      ['contributionMargin', 'subtotal', [0, 205.5], false],
      ['expenses', 'deduction', [5.5, 205.5], true],
      ['netProfit', 'subtotal', [0, 5.5], false],
    ]);
    expect(steps[0]).toMatchObject({ label: 'Gross sales', amount: '1000.00' });
  });
});
