import { describe, expect, it } from 'vitest';
import {
  localToday,
  presetRange,
  rangeFromSearch,
  rangeQuery,
  searchWithRange,
  shopDayOf,
  shopToday,
} from './date-range.ts';

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

describe('a range in the address', () => {
  const range = { preset: 'custom', from: '2026-10-01', to: '2026-10-31', compare: 'previous_year' } as const;
  const today = '2026-11-15';

  it('round-trips through the query string, keeping the page’s other parameters', () => {
    const search = searchWithRange('tab=meta&from=2020-01-01', range);
    expect(new URLSearchParams(search).get('tab')).toBe('meta');
    expect(rangeFromSearch(search, today)).toEqual(range);
  });

  it('keeps a rolling preset rolling: named in the address, counted from today', () => {
    const search = searchWithRange('', { preset: 'last7', ...presetRange('last7', today), compare: 'none' });
    expect(search).toBe('range=last7&compare=none');
    expect(rangeFromSearch(search, '2026-12-01')).toEqual({
      preset: 'last7',
      from: '2026-11-24',
      to: '2026-11-30',
      compare: 'none',
    });
  });

  it('names no range when the days are missing, malformed or out of order', () => {
    expect(rangeFromSearch('', today)).toBeNull();
    expect(rangeFromSearch('from=2026-02-30&to=2026-03-01', today)).toBeNull();
    expect(rangeFromSearch('from=2026-03-02&to=2026-03-01', today)).toBeNull();
    expect(rangeFromSearch('from=2026-03-01&to=2026-03-02&compare=bogus&range=bogus', today)).toEqual({
      preset: 'custom',
      from: '2026-03-01',
      to: '2026-03-02',
      compare: 'none',
    });
  });

  it('asks the API for a period (the server ends it on its last complete day) or exactly the days', () => {
    expect(rangeQuery(range)).toBe('from=2026-10-01&to=2026-10-31&compare=previous_year');
    expect(rangeQuery({ ...range, preset: 'last30' })).toBe('period=30&compare=previous_year');
  });
});
