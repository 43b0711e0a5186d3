import { describe, expect, it } from 'vitest';
import { formatCpc, formatRate, formatRoas, labelVariant, statusLabel } from './format-campaign.ts';

describe('campaign formats', () => {
  it('shows ROAS and rates with a dash when unknown', () => {
    expect(formatRoas(3.456)).toBe('3.46x');
    expect(formatCpc('0.79', { code: 'USD', digits: 2 })).toBe('$0.79');
    expect(formatCpc('1234.50', { code: 'USD', digits: 2 })).toBe('$1,234.50');
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
