import { acquisitionCost } from '../metrics/acquisition-cost.ts';

/** A group of customers acquired together (a first-order month, a first channel, or both). */
export interface CohortInput {
  /** Customers whose first order falls in the group. */
  customers: number;
  /** Marketing spend that acquired them (minor units); null when none is known for the group. */
  spendMinor: number | null;
  /**
   * Contribution before marketing of all their orders (minor units), by month since the month of
   * the first order: index 0 is that month. Its length is the number of months observed so far.
   */
  contributionByMonth: readonly number[];
}

export type CohortPayback = 'too_few_customers' | 'no_spend' | 'paid_back' | 'not_yet';

export interface CohortEconomics {
  /** Contribution to date per customer (minor units, rounded); null under the minimum. */
  ltvMinor: number | null;
  /** Spend ÷ customers (minor units, rounded); null without spend or under the minimum. */
  cacMinor: number | null;
  /** LTV ÷ CAC from the unrounded sums (contribution ÷ spend). */
  ltvToCac: number | null;
  /** Months until the running contribution per customer reached the CAC (1 = the first order's month). */
  paybackMonths: number | null;
  payback: CohortPayback;
}

/**
 * Unit economics of a customer cohort (decision 025, issue #13): lifetime value in contribution
 * margin to date, CAC, LTV:CAC and CAC payback.
 *
 * Definitions: LTV = Σ contribution ÷ customers; CAC = spend ÷ customers (`acquisitionCost`);
 * LTV:CAC = LTV ÷ CAC = Σ contribution ÷ spend; payback = the first month m (counting the month of
 * the first order as 1) whose running contribution per customer is at least the CAC, i.e. whose
 * running Σ contribution ≥ spend (compared in whole minor units, no rounding); `not_yet` when no
 * observed month reaches it. A group with fewer than `minimumCustomers` gets no figures
 * (`too_few_customers`): an average over a handful of customers is noise, not a value.
 *
 * @example cohortEconomics({ customers: 40, spendMinor: 80_000, contributionByMonth: [60_000, 30_000] }, 20)
 *   // { ltvMinor: 2250, cacMinor: 2000, ltvToCac: 1.125, paybackMonths: 2, payback: 'paid_back' }
 */
export function cohortEconomics(input: CohortInput, minimumCustomers: number): CohortEconomics {
  if (input.customers < minimumCustomers || input.customers <= 0)
    return {
      ltvMinor: null,
      cacMinor: null,
      ltvToCac: null,
      paybackMonths: null,
      payback: 'too_few_customers',
    };
  const contribution = input.contributionByMonth.reduce((sum, c) => sum + c, 0);
  const ltvMinor = Math.round(contribution / input.customers);
  const spend = input.spendMinor;
  const cacMinor = spend === null ? null : acquisitionCost(spend, input.customers);
  if (spend === null || cacMinor === null)
    return { ltvMinor, cacMinor: null, ltvToCac: null, paybackMonths: null, payback: 'no_spend' };
  let running = 0;
  let paybackMonths: number | null = null;
  for (let month = 0; month < input.contributionByMonth.length && paybackMonths === null; month += 1) {
    running += input.contributionByMonth[month] ?? 0;
    if (running >= spend) paybackMonths = month + 1;
  }
  return {
    ltvMinor,
    cacMinor,
    ltvToCac: contribution / spend,
    paybackMonths,
    payback: paybackMonths === null ? 'not_yet' : 'paid_back',
  };
}
