import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/calendar.ts';
import { expenseOnDay, type ProfitExpense } from './expense-on-day.ts';

const facts = { netSales: 123_457, adSpend: -2_001, saleOrders: 7 };
const expense = (overrides: Partial<ProfitExpense>): ProfitExpense => ({
  kind: 'monthly',
  amountMinor: 100_000,
  percent: null,
  startsOn: '2024-01-01',
  endsOn: null,
  ...overrides,
});

describe('expenseOnDay', () => {
  it('spreads a monthly amount over the days of the month, summing to it exactly', () => {
    const rent = expense({ amountMinor: 100_000 });
    // February 2024 has 29 days: 100000·1/29 = 3448.27 → 3448; day 2: floor(6896.55) − 3448 = 3448.
    expect(expenseOnDay(rent, '2024-02-01', facts)).toBe(3_448);
    expect(expenseOnDay(rent, '2024-02-02', facts)).toBe(3_448);
    let february = 0;
    for (let day = '2024-02-01'; day <= '2024-02-29'; day = addDays(day, 1))
      february += expenseOnDay(rent, day, facts);
    expect(february).toBe(100_000);
  });

  it('is zero outside [startsOn, endsOn]', () => {
    const short = expense({ startsOn: '2024-03-10', endsOn: '2024-03-12' });
    expect(expenseOnDay(short, '2024-03-09', facts)).toBe(0);
    expect(expenseOnDay(short, '2024-03-13', facts)).toBe(0);
    expect(expenseOnDay(short, '2024-03-12', facts)).toBeGreaterThan(0);
  });

  it('charges per sale order and percents rounded half away from zero', () => {
    expect(expenseOnDay(expense({ kind: 'per_order', amountMinor: 150 }), '2024-05-01', facts)).toBe(1_050);
    // 2.5 % of 123457 = 3086.425 → 3086; of −2001 = −50.025 → −50.
    expect(
      expenseOnDay(
        expense({ kind: 'percent_of_net_sales', amountMinor: null, percent: '2.5' }),
        '2024-05-01',
        facts,
      ),
    ).toBe(3_086);
    expect(
      expenseOnDay(
        expense({ kind: 'percent_of_ad_spend', amountMinor: null, percent: '2.5' }),
        '2024-05-01',
        facts,
      ),
    ).toBe(-50);
    // 10 % of 125 = 12.5 → 13 (half away from zero).
    expect(
      expenseOnDay(
        expense({ kind: 'percent_of_net_sales', amountMinor: null, percent: '10.0000' }),
        '2024-05-01',
        {
          ...facts,
          netSales: 125,
        },
      ),
    ).toBe(13);
  });
});
