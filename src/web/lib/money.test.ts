import { describe, expect, it } from 'vitest';
import {
  formatCurrency,
  formatGa4Revenue,
  formatMinor,
  formatMinorMoney,
  formatMoney,
  formatThousands,
  NO_DECIMALS,
} from './money.ts';

describe('money on pages (one formatter, shop currency)', () => {
  it('formats wire decimals and numbers in the given currency, a dash when missing', () => {
    expect(formatMoney('1234.5', 'USD')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(1234.5, 'JPY')).toBe('¥1,235');
    expect(formatMoney(null, 'USD')).toBe('—');
    expect(formatMoney(4008, null, NO_DECIMALS)).toBe('$4,008');
    expect(formatMoney('99.4', 'USD', NO_DECIMALS)).toBe('$99');
    expect(formatMoney('abc', 'USD')).toBe('—');
  });

  it('never shows more decimals than the currency has', () => {
    expect(formatCurrency(12.345, 'USD')).toBe('$12.35');
    expect(formatCurrency(12.345, 'USD', 0)).toBe('$12');
    expect(formatCurrency(1234.5, 'JPY', 2)).toBe('¥1,235');
  });

  it('formats integer minor units exactly', () => {
    expect(formatMinorMoney(123_456, 'USD', 2)).toBe('$1,234.56');
    expect(formatMinorMoney(-5, 'USD', 2)).toBe('-$0.05');
    expect(formatMinor(1235, { code: 'JPY', digits: 0 })).toBe('¥1,235');
    expect(formatMinor(1235, null)).toBe('—');
  });

  it('abbreviates thousands in the shop currency, not a hard-coded dollar', () => {
    expect(formatThousands(34_312, 'USD', 1)).toBe('$34.3K');
    expect(formatThousands(12_400, 'USD')).toBe('$12K');
    expect(formatThousands(12_400, 'EUR')).toBe('€12K');
    // A wire amount (the opportunity stats' decimal strings) reads the same as its number.
    expect(formatThousands('34312.49', 'USD', 1)).toBe('$34.3K');
  });

  it("shows GA4's revenue in the shop currency when the property reports in another (decision 081)", () => {
    const eur = { revenue: '1000.00', currency: 'EUR' };
    expect(formatGa4Revenue({ ...eur, revenueInShopCurrency: '1250.50', shopCurrency: 'USD' })).toBe(
      '$1,250.50',
    );
    // A day without a rate withholds the figure rather than showing euros as dollars.
    expect(formatGa4Revenue({ ...eur, revenueInShopCurrency: null, shopCurrency: 'USD' })).toBe('—');
    expect(formatGa4Revenue({ ...eur, revenueInShopCurrency: '1000.00', shopCurrency: 'EUR' })).toBe(
      '€1,000.00',
    );
    // The connect form's answer carries no shop currency: GA4's own figure.
    expect(formatGa4Revenue(eur)).toBe('€1,000.00');
  });
});
