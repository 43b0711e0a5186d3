import { describe, expect, it } from 'vitest';
import { fromDayNumber } from './from-day-number.ts';
import { toDayNumber } from './to-day-number.ts';
import { weekdayOfDayNumber } from './weekday-of-day-number.ts';

describe('day numbers', () => {
  it.each([
    ['1970-01-01', 0, 3],
    ['1970-01-05', 4, 0], // a Monday
    ['1997-01-01', 9862, 2], // a Wednesday
    ['2011-12-10', 15318, 5], // a Saturday
    ['2024-02-29', 19782, 3],
  ])('%s is day %i, weekday %i', (date, day, weekday) => {
    expect(toDayNumber(date)).toBe(day);
    expect(fromDayNumber(day)).toBe(date);
    expect(weekdayOfDayNumber(day)).toBe(weekday);
  });

  it('counts 272 days from 1997-01-01 to 1997-09-30 (CDNOW customer 1, T = 38.86 weeks)', () => {
    expect(toDayNumber('1997-09-30') - toDayNumber('1997-01-01')).toBe(272);
  });

  it.each(['2023-02-29', '2023-13-01', '20230101', ''])('rejects %s', (bad) => {
    expect(() => toDayNumber(bad)).toThrow(RangeError);
  });
});
