import { describe, expect, it } from 'vitest';
import { convertMinor } from './convert-minor.ts';
import { rateOnDay } from './rate-on-day.ts';

const EUR = { perEuro: '1', digits: 2 };
const USD = { perEuro: '1.0856', digits: 2 };
const JPY = { perEuro: '162.39', digits: 0 };
const GBP = { perEuro: '0.85315', digits: 2 };
const KWD = { perEuro: '0.3345', digits: 3 };

describe('convertMinor: exact, rounded once half away from zero', () => {
  it.each([
    // 100.00 EUR × 1.0856 = 108.56 USD
    ['EUR → USD', 10_000, EUR, USD, 10_856],
    // 108.56 USD / 1.0856 = 100.00 EUR
    ['USD → EUR', 10_856, USD, EUR, 10_000],
    // 1.00 USD / 1.0856 = 0.921149… EUR → 0.92
    ['USD → EUR, rounded down', 100, USD, EUR, 92],
    // 0.05 EUR × 1.0856 = 0.05428 → 0.05; 0.5 cent cases below
    ['EUR → USD, small', 5, EUR, USD, 5],
    // 1,000,000.01 USD → EUR: 100000001 / 1.0856 = 92114960.3905… → 92,114,960 cents
    ['a large amount', 100_000_001, USD, EUR, 92_114_960],
    // 12.34 USD → JPY (0 digits): 1234 × 162.39 / 108.56 = 1845.87… → 1846 yen
    ['USD → JPY (0 digits)', 1_234, USD, JPY, 1_846],
    // 1846 JPY → USD: 1846 × 108.56 / 162.39 = 1234.08… → 1234 cents
    ['JPY → USD', 1_846, JPY, USD, 1_234],
    // 10.00 GBP → USD: 1000 × 1.0856 / 0.85315 = 1272.4609… → 1272
    ['GBP → USD (cross rate through the euro, one rounding)', 1_000, GBP, USD, 1_272],
    // 10.00 EUR → KWD (3 digits): 10 × 0.3345 = 3.345 KWD = 3345 fils
    ['EUR → KWD (3 digits)', 1_000, EUR, KWD, 3_345],
    // -100.00 USD refund → -92.12 EUR (92.1149… rounds away from zero only past the half)
    ['a negative amount', -10_000, USD, EUR, -9_211],
    ['zero', 0, USD, EUR, 0],
  ])('%s', (_label, amount, from, to, expected) => {
    expect(convertMinor(amount, from, to)).toBe(expected);
  });

  it('rounds an exact half away from zero, both signs', () => {
    const two = { perEuro: '2', digits: 2 };
    // 1 cent EUR → at 2 per euro… the other way: 1 cent of a 2-per-euro currency = 0.5 euro cent
    expect(convertMinor(1, two, EUR)).toBe(1);
    expect(convertMinor(-1, two, EUR)).toBe(-1);
    expect(convertMinor(3, two, EUR)).toBe(2);
  });

  it('refuses a rate that is not a positive decimal', () => {
    expect(() => convertMinor(1, { perEuro: '0', digits: 2 }, EUR)).toThrow(RangeError);
    expect(() => convertMinor(1, { perEuro: '-1.2', digits: 2 }, EUR)).toThrow(RangeError);
    expect(() => convertMinor(1, { perEuro: '1e3', digits: 2 }, EUR)).toThrow(RangeError);
  });
});

describe('rateOnDay: the day’s rate, else the last one before it', () => {
  const rates = [
    { rateDate: '2026-11-19', perEuro: '1.05', source: 'ecb' as const },
    { rateDate: '2026-11-20', perEuro: '1.06', source: 'ecb' as const },
    { rateDate: '2026-11-23', perEuro: '1.07', source: 'manual' as const },
  ];
  it.each([
    ['2026-11-18', null],
    ['2026-11-19', '2026-11-19'],
    ['2026-11-20', '2026-11-20'],
    // Saturday and Sunday: Friday's rate.
    ['2026-11-21', '2026-11-20'],
    ['2026-11-22', '2026-11-20'],
    ['2026-11-23', '2026-11-23'],
    ['2027-01-01', '2026-11-23'],
  ])('%s → %s', (day, expected) => {
    expect(rateOnDay(rates, day)?.rateDate ?? null).toBe(expected);
  });
  it('finds nothing in an empty list', () => {
    expect(rateOnDay([], '2026-11-20')).toBeNull();
  });
});
