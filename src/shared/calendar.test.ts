import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  isShopDay,
  localDayOf,
  startOfIsoWeek,
  startOfMonth,
  weekdayOf,
} from './calendar.ts';

describe('shop days', () => {
  it('does calendar arithmetic across months, leap days and DST', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-29', -1)).toBe('2026-03-28');
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
    expect(daysBetween('2026-12-31', '2026-01-01')).toBe(-364);
  });
  it('names weekdays, ISO weeks and months', () => {
    expect(weekdayOf('2026-11-27')).toBe(5); // Black Friday 2026
    expect(startOfIsoWeek('2026-11-29')).toBe('2026-11-23');
    expect(startOfIsoWeek('2026-11-23')).toBe('2026-11-23');
    expect(startOfMonth('2026-11-29')).toBe('2026-11-01');
  });
  it('takes the day of an instant in the shop time zone', () => {
    expect(localDayOf('2026-11-25T03:00:00Z', 'America/New_York')).toBe('2026-11-24');
    expect(localDayOf('2026-11-25T03:00:00Z', 'Asia/Kathmandu')).toBe('2026-11-25');
  });
  it('accepts only real dates', () => {
    expect(isShopDay('2024-02-29')).toBe(true);
    expect(isShopDay('2023-02-29')).toBe(false);
    expect(isShopDay('20230101')).toBe(false);
  });
});
