import { describe, expect, it } from 'vitest';
import { addDays, localDayOf } from '../../../shared/calendar.ts';
import { currencyDigitsOf, parseDecimalToMinor } from '../../../shared/money.ts';
import { parseGa4Date, parseShopifyId } from './upsert-rows.ts';

describe('parseDecimalToMinor', () => {
  it('converts Shopify decimal strings exactly', () => {
    expect(parseDecimalToMinor('59.9', 2)).toBe(5990);
    expect(parseDecimalToMinor('0.1', 2) + parseDecimalToMinor('0.2', 2)).toBe(30);
    expect(parseDecimalToMinor('100.0', 0)).toBe(100);
    expect(parseDecimalToMinor('19.95', 2)).toBe(1995);
    expect(parseDecimalToMinor('-12.345', 2)).toBe(-1235);
    expect(parseDecimalToMinor('1234567.89', 2)).toBe(123456789);
    expect(parseDecimalToMinor('7', 2)).toBe(700);
  });
  it('rejects garbage', () => {
    expect(() => parseDecimalToMinor('abc', 2)).toThrow();
    expect(() => parseDecimalToMinor('', 2)).toThrow();
  });
});

describe('currency, ids and days', () => {
  it('knows zero-decimal currencies', () => {
    expect(currencyDigitsOf('USD')).toBe(2);
    expect(currencyDigitsOf('JPY')).toBe(0);
  });
  it('parses GIDs', () => {
    expect(parseShopifyId('gid://shopify/Order/123')).toBe(123);
    expect(() => parseShopifyId('gid://shopify/Order/x')).toThrow();
  });
  it('puts instants on shop-local days, across DST and just after midnight', () => {
    // 00:30 New York time on 1 Oct is 04:30 UTC: the local day is 1 Oct, the UTC day too.
    expect(localDayOf('2026-10-01T04:30:00Z', 'America/New_York')).toBe('2026-10-01');
    // 23:30 UTC on 1 Oct is 19:30 in New York (still 1 Oct) but 2 Oct in Tokyo.
    expect(localDayOf('2026-10-01T23:30:00Z', 'America/New_York')).toBe('2026-10-01');
    expect(localDayOf('2026-10-01T23:30:00Z', 'Asia/Tokyo')).toBe('2026-10-02');
    // Just after midnight local on the DST end day (1 Nov 2026, UTC-4 until 06:00 UTC).
    expect(localDayOf('2026-11-01T04:05:00Z', 'America/New_York')).toBe('2026-11-01');
    expect(localDayOf('2026-11-01T03:55:00Z', 'America/New_York')).toBe('2026-10-31');
    // Quarter-hour offsets (Kathmandu, UTC+5:45): midnight is 18:15 UTC, asked twice around it.
    for (let pass = 0; pass < 2; pass += 1) {
      expect(localDayOf('2026-10-01T18:14:59Z', 'Asia/Kathmandu')).toBe('2026-10-01');
      expect(localDayOf('2026-10-01T18:15:00Z', 'Asia/Kathmandu')).toBe('2026-10-02');
      expect(localDayOf(new Date('2026-10-01T18:00:00Z'), 'Asia/Kathmandu')).toBe('2026-10-01');
    }
  });
  it('handles GA4 dates and day arithmetic', () => {
    expect(parseGa4Date('20261001')).toBe('2026-10-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
