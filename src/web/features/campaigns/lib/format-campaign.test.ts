import { describe, expect, it } from 'vitest';
import {
  formatCpc,
  formatMinor,
  formatRate,
  formatRoas,
  labelVariant,
  statusLabel,
  toMajor,
} from './format-campaign.ts';

describe('campaign formats', () => {
  it('formats exact minor units in the currency with its own decimals', () => {
    expect(formatMinor(123456, { code: 'USD', digits: 2 })).toBe('$1,234.56');
    expect(formatMinor(1235, { code: 'JPY', digits: 0 })).toBe('¥1,235');
    expect(formatMinor(5, null)).toBe('—');
    expect(toMajor(1999, { code: 'USD', digits: 2 })).toBe(19.99);
  });

  it('shows ROAS and rates with a dash when unknown', () => {
    expect(formatRoas(3.456)).toBe('3.46x');
    expect(formatCpc(0.786, { code: 'USD', digits: 2 })).toBe('$0.79');
    expect(formatCpc(null, { code: 'USD', digits: 2 })).toBe('—');
    expect(formatRoas(null)).toBe('—');
    expect(formatRate(91.25)).toBe('91.3%');
    expect(formatRate(null)).toBe('—');
  });

  it('colours labels and reads statuses', () => {
    expect(labelVariant('Scale up')).toBe('success');
    expect(labelVariant('Cut')).toBe('destructive');
    expect(labelVariant('Attribution gap')).toBe('warning');
    expect(labelVariant(null)).toBe('secondary');
    expect(statusLabel('ACTIVE')).toBe('Active');
    expect(statusLabel('WITH_ISSUES')).toBe('With issues');
  });
});
