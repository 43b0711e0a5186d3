import { describe, expect, it } from 'vitest';
import { weeklyMmmInput } from './weekly-mmm-input.ts';

describe('weeklyMmmInput: the weekly series a shop’s model is fitted on', () => {
  const sale = (day: string, grossSales: number, discounts = 0, returns = 0) => ({
    day,
    grossSales,
    discounts,
    returns,
  });

  it('sums net sales (gross − discounts − returns) and each channel’s spend per week, in major units', () => {
    const input = weeklyMmmInput(
      '2026-01-05',
      2,
      [sale('2026-01-05', 10_000, 1_000), sale('2026-01-11', 5_000, 0, 2_000), sale('2026-01-12', 700)],
      [
        {
          name: 'Meta',
          daily: new Map([
            ['2026-01-06', 2_500],
            ['2026-01-18', 150],
          ]),
        },
        { name: 'Google Ads', daily: new Map([['2026-01-13', 99]]) },
      ],
      100,
    );
    expect(input.dates).toEqual(['2026-01-05', '2026-01-12']);
    // Week 1: (10,000 − 1,000) + (5,000 − 2,000) = 12,000 minor; week 2: 700 minor.
    expect(input.target).toEqual([120, 7]);
    expect(input.channels).toEqual([
      { name: 'Meta', spend: [25, 1.5] },
      { name: 'Google Ads', spend: [0, 0.99] },
    ]);
  });

  it('leaves out days before the first week and after the last, and scales by the currency’s digits', () => {
    const input = weeklyMmmInput(
      '2026-01-05',
      1,
      [sale('2026-01-04', 9_999), sale('2026-01-07', 1_234), sale('2026-01-12', 9_999)],
      [
        {
          name: 'TikTok Ads',
          daily: new Map([
            ['2026-01-04', 500],
            ['2026-01-11', 500],
            ['2026-01-12', 500],
          ]),
        },
      ],
      1_000,
    );
    expect(input.target).toEqual([1.234]);
    expect(input.channels[0]!.spend).toEqual([0.5]);
  });

  it('gives empty series for no whole week', () => {
    expect(
      weeklyMmmInput('2026-01-05', 0, [sale('2026-01-05', 100)], [{ name: 'Meta', daily: new Map() }], 100),
    ).toEqual({ dates: [], target: [], channels: [{ name: 'Meta', spend: [] }] });
  });
});
