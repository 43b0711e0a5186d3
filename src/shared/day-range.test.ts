import { describe, expect, it } from 'vitest';
import { weekdayOf } from './calendar.ts';
import { comparisonHasData, comparisonRange, resolveDayRange } from './day-range.ts';

describe('comparisonRange', () => {
  it.each([
    // [from, to, previous period from, to]
    ['2025-03-01', '2025-03-31', '2025-01-29', '2025-02-28'],
    ['2024-03-01', '2024-03-01', '2024-02-29', '2024-02-29'],
    ['2025-01-01', '2025-01-07', '2024-12-25', '2024-12-31'],
  ])('previous period of %s..%s is %s..%s', (from, to, prevFrom, prevTo) => {
    expect(comparisonRange(from, to, 'previous_period')).toEqual({ from: prevFrom, to: prevTo });
  });

  it('steps a year back by 52 weeks, keeping each day of the week', () => {
    const range = comparisonRange('2025-11-03', '2025-11-09', 'previous_year');
    expect(range).toEqual({ from: '2024-11-04', to: '2024-11-10' });
    expect(weekdayOf(range.from)).toBe(weekdayOf('2025-11-03'));
    expect(weekdayOf(range.to)).toBe(weekdayOf('2025-11-09'));
  });
});

describe('resolveDayRange', () => {
  it('resolves "last 30 days" to the 30 complete days ending on the given last day', () => {
    const range = resolveDayRange({ period: 30 }, '2026-11-30');
    expect(range).toEqual({ from: '2026-11-01', to: '2026-11-30', days: 30, comparison: null });
  });

  it('keeps an explicit range and compares it as asked', () => {
    const range = resolveDayRange(
      { from: '2026-11-01', to: '2026-11-07', compare: 'previous_year' },
      '2026-12-01',
    );
    expect(range.from).toBe('2026-11-01');
    expect(range.to).toBe('2026-11-07');
    expect(range.days).toBe(7);
    expect(range.comparison).toEqual({ compare: 'previous_year', from: '2025-11-02', to: '2025-11-08' });
    expect(weekdayOf(range.comparison!.from)).toBe(weekdayOf(range.from));
  });

  it('uses the default comparison unless told none', () => {
    expect(resolveDayRange({ period: 7 }, '2026-11-30', 'previous_period').comparison).toEqual({
      compare: 'previous_period',
      from: '2026-11-17',
      to: '2026-11-23',
    });
    expect(
      resolveDayRange({ period: 7, compare: 'none' }, '2026-11-30', 'previous_period').comparison,
    ).toBeNull();
  });

  it('a comparison ending before the first data day has no data; one reaching it has', () => {
    expect(comparisonHasData({ from: '2025-01-01', to: '2025-01-31' }, '2025-02-01')).toBe(false);
    expect(comparisonHasData({ from: '2025-01-01', to: '2025-02-01' }, '2025-02-01')).toBe(true);
    expect(comparisonHasData({ from: '2025-01-01', to: '2025-02-01' }, null)).toBe(false);
  });
});
