import { describe, expect, it } from 'vitest';
import { localToday, presetRange, shopDayOf, shopToday } from './date-range.ts';

describe('presetRange', () => {
  it.each([
    ['last7', '2025-03-10', '2025-03-03', '2025-03-09'],
    ['last30', '2025-03-10', '2025-02-08', '2025-03-09'],
    ['last90', '2025-03-10', '2024-12-10', '2025-03-09'],
    ['month_to_date', '2025-03-10', '2025-03-01', '2025-03-10'],
    ['month_to_date', '2025-03-01', '2025-03-01', '2025-03-01'],
    ['last_month', '2025-03-10', '2025-02-01', '2025-02-28'],
    ['last_month', '2024-03-31', '2024-02-01', '2024-02-29'],
    ['last_month', '2025-01-15', '2024-12-01', '2024-12-31'],
  ] as const)('%s on %s is %s..%s', (preset, today, from, to) => {
    expect(presetRange(preset, today)).toEqual({ from, to });
  });
});

describe('localToday', () => {
  it('writes the local calendar day', () => {
    expect(localToday(new Date(2025, 0, 5, 23, 30))).toBe('2025-01-05');
  });
});

describe('shopToday', () => {
  // 2026-11-30 02:30 UTC: still the 29th in New York, already the 30th in Berlin.
  const now = new Date('2026-11-30T02:30:00Z');
  it('is the day in the shop time zone, not the browser one', () => {
    expect(shopToday('America/New_York', now)).toBe('2026-11-29');
    expect(shopToday('Europe/Berlin', now)).toBe('2026-11-30');
    expect(presetRange('last30', shopToday('America/New_York', now))).toEqual({
      from: '2026-10-30',
      to: '2026-11-28',
    });
  });
  it('falls back to the browser day before a shop has synced', () => {
    expect(shopToday(null, now)).toBe(localToday(now));
  });
});

describe('shopDayOf', () => {
  it("names an instant's day in the shop time zone (an opportunity implemented at 21:30 in New York)", () => {
    const implementedAt = new Date('2026-11-30T02:30:00Z');
    expect(shopDayOf(implementedAt, 'America/New_York')).toBe('2026-11-29');
    expect(shopDayOf(implementedAt, null)).toBe(localToday(implementedAt));
  });
});
