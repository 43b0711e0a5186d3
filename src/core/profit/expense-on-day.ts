import { percentOfMinor } from './percent-of-minor.ts';

/** A custom expense as the owner set it (decision 010). */
export interface ProfitExpense {
  kind: 'monthly' | 'per_order' | 'percent_of_net_sales' | 'percent_of_ad_spend';
  /** Minor units for 'monthly' and 'per_order'. */
  amountMinor: number | null;
  /** A decimal percent ("2.5") for the percent kinds. */
  percent: string | null;
  /** First and last shop day in force ('YYYY-MM-DD'); `endsOn` null: open-ended. */
  startsOn: string;
  endsOn: string | null;
}

/** What a day's expenses are computed from (minor units; orders that count as sales). */
export interface ExpenseDayFacts {
  netSales: number;
  adSpend: number;
  saleOrders: number;
}

/**
 * One expense's amount on one shop day, in minor units (decision 010); zero outside
 * [startsOn, endsOn].
 *
 * - `monthly` A over a month of n days: day i gets floor(A·i/n) − floor(A·(i−1)/n), so the days
 *   of a whole month sum to A exactly and no day differs from another by more than one unit.
 * - `per_order`: the amount × the day's sale orders.
 * - `percent_of_net_sales` / `percent_of_ad_spend`: the percent of that day's line, rounded half
 *   away from zero, in exact integer arithmetic on the percent's decimal digits.
 */
export function expenseOnDay(expense: ProfitExpense, day: string, facts: ExpenseDayFacts): number {
  if (day < expense.startsOn || (expense.endsOn !== null && day > expense.endsOn)) return 0;
  switch (expense.kind) {
    case 'monthly': {
      const amount = expense.amountMinor ?? 0;
      const year = Number(day.slice(0, 4));
      const month = Number(day.slice(5, 7));
      const i = Number(day.slice(8, 10));
      const n = new Date(Date.UTC(year, month, 0)).getUTCDate();
      return Math.floor((amount * i) / n) - Math.floor((amount * (i - 1)) / n);
    }
    case 'per_order':
      return (expense.amountMinor ?? 0) * facts.saleOrders;
    case 'percent_of_net_sales':
      return percentOfMinor(facts.netSales, expense.percent ?? '0');
    case 'percent_of_ad_spend':
      return percentOfMinor(facts.adSpend, expense.percent ?? '0');
  }
}
