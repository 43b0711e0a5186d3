import { describe, expect, it } from 'vitest';
import { buildAnomalyChart, formatEvidence, revenueChange } from './format-insight.ts';

describe('insight formats', () => {
  it('formats evidence in its unit, money exact in the shop currency', () => {
    expect(formatEvidence({ label: 'x', value: '1234.50', unit: 'currency' }, 'USD')).toBe('$1,234.50');
    expect(formatEvidence({ label: 'x', value: '1235', unit: 'currency' }, 'JPY')).toBe('¥1,235');
    expect(formatEvidence({ label: 'x', value: 12.345, unit: 'percent' }, 'USD')).toBe('12.3 %');
    expect(formatEvidence({ label: 'x', value: 1, unit: 'days' }, 'USD')).toBe('1 day');
    expect(formatEvidence({ label: 'x', value: '2026-10-01', unit: 'date' }, 'USD')).toBe('2026-10-01');
  });

  it('computes the change against the previous period, none from zero', () => {
    expect(revenueChange({ current: '150.00', previous: '100.00' })).toBe(50);
    expect(revenueChange({ current: '150.00', previous: '0.00' })).toBeNull();
  });

  it('marks only the days outside the band', () => {
    const chart = buildAnomalyChart([
      { date: 'a', actual: '5.00', expected: '10.00', lo95: '8.00', hi95: '12.00' },
      { date: 'b', actual: '10.00', expected: '10.00', lo95: '8.00', hi95: '12.00' },
    ]);
    expect(chart.map((p) => p.outside)).toEqual([5, null]);
    expect(chart[0]!.band).toEqual([8, 12]);
  });
});
