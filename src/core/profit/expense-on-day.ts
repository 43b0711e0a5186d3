import { percentOfMinor } from './percent-of-minor.ts';
import { spreadMonthlyAmount } from './spread-monthly-amount.ts';
import type { ProfitExpense } from './types.ts';

/**
 * One custom expense's amount on a shop day (decision 010): zero outside [startsOn, endsOn];
 * *monthly* spread over the month (`spreadMonthlyAmount`); *per order* × the day's sale orders;
 * *percent of net sales* / *percent of ad spend* of that day's line, rounded half away from zero
 * (a day with negative net sales gets a negative share).
 */
export function expenseOnDay(
  expense: ProfitExpense,
  day: string,
  lines: { netSalesMinor: number; adSpendMinor: number; saleOrders: number },
): number {
  if (day < expense.startsOn || (expense.endsOn !== null && day > expense.endsOn)) return 0;
  switch (expense.kind) {
    case 'monthly':
      return spreadMonthlyAmount(expense.amountMinor ?? 0, day);
    case 'per_order':
      return (expense.amountMinor ?? 0) * lines.saleOrders;
    case 'percent_of_net_sales':
      return percentOfMinor(lines.netSalesMinor, expense.percent ?? '0');
    case 'percent_of_ad_spend':
      return percentOfMinor(lines.adSpendMinor, expense.percent ?? '0');
  }
}
