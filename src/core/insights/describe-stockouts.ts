import { formatMoney } from './format-money.ts';
import { gradeSeverity } from './grade-severity.ts';
import type { InsightContext, InsightFinding } from './types.ts';

/**
 * Stock-outs under way: products out of stock now, with the revenue they lose a day.
 *
 * Definition: rows whose available units are ≤ 0; daily loss = daily demand (units a day while in
 * stock) × unit price, taken as the stock-out's estimated loss per out-of-stock day when known;
 * severity grades the loss over the period's length against the period's revenue. Largest loss first.
 */
export function describeStockouts(
  rows: readonly {
    productId: string;
    product: string;
    available: number;
    outOfStockDays: number;
    estimatedLoss: number;
  }[],
  context: InsightContext,
): InsightFinding[] {
  const money = (value: number) => formatMoney(value, context.currency);
  return rows
    .filter((r) => r.available <= 0)
    .map((r) => ({ row: r, perDay: r.outOfStockDays > 0 ? r.estimatedLoss / r.outOfStockDays : 0 }))
    .sort((a, b) => b.perDay - a.perDay || (a.row.product < b.row.product ? -1 : 1))
    .map(({ row, perDay }): InsightFinding => {
      const atStake = perDay * context.periodDays;
      const days = row.outOfStockDays;
      return {
        id: `stockout:${row.productId}`,
        kind: 'stockout',
        severity: gradeSeverity(atStake, context.periodRevenue),
        tone: 'negative',
        title: `Out of stock: ${row.product}`,
        narrative:
          days > 0
            ? `${row.product} is out of stock; its ${days} day${days === 1 ? '' : 's'} without stock cost an estimated ${money(row.estimatedLoss)}, about ${money(perDay)} a day.`
            : `${row.product} is out of stock; it has no recent sales to estimate the loss from.`,
        impact: atStake,
        evidence: [
          { label: 'Available units', value: row.available, unit: 'count' },
          { label: 'Days out of stock (last 90)', value: days, unit: 'days' },
          { label: 'Estimated lost revenue', value: row.estimatedLoss, unit: 'currency' },
          { label: 'Lost revenue a day', value: perDay, unit: 'currency' },
        ],
        link: { href: '/products', label: 'See product analysis' },
      };
    });
}
