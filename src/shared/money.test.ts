import { describe, expect, it } from 'vitest';
import { formatMoney, MoneySchema, minorToDecimal, parseDecimalToMinor } from './money.ts';

describe('minorToDecimal', () => {
  it.each([
    [123456, 2, '1234.56'],
    [-5, 2, '-0.05'],
    [0, 2, '0.00'],
    [100, 0, '100'],
    [1, 3, '0.001'],
  ])('%i with %i digits is %s', (minor, digits, text) => {
    expect(minorToDecimal(minor, digits)).toBe(text);
    expect(parseDecimalToMinor(text, digits)).toBe(minor);
    expect(MoneySchema.safeParse(text).success).toBe(true);
  });
  it('refuses fractions of a minor unit', () => {
    expect(() => minorToDecimal(1.5, 2)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('formats in the currency with its own digits', () => {
    expect(formatMoney('1234.5', 'USD')).toBe('$1,234.50');
    expect(formatMoney(1234, 'JPY')).toBe('¥1,234');
    expect(formatMoney('1234.5', 'EUR')).toBe('€1,234.50');
    expect(formatMoney(1_250_000, 'USD', { notation: 'compact' })).toBe('$1.3M');
  });
  it('shows a dash for what is not a number', () => {
    expect(formatMoney('abc', 'USD')).toBe('—');
  });
});
