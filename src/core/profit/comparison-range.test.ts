import { describe, expect, it } from 'vitest';
import { weekdayOf } from '../../shared/calendar.ts';
import { comparisonRange } from './comparison-range.ts';

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
