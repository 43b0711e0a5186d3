import { describe, expect, it } from 'vitest';
import {
  bounceRateLabel,
  formatCompact,
  formatDuration,
  formatPercent,
  sourceLabel,
} from './format-analytics.ts';

describe('dashboard formats', () => {
  it('abbreviates with K at 1,000 and M at 1,000,000', () => {
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(1000)).toBe('1K');
    expect(formatCompact(1523)).toBe('1.5K');
    expect(formatCompact(999_999)).toBe('1000K');
    expect(formatCompact(1_000_000)).toBe('1M');
    expect(formatCompact(2_340_000)).toBe('2.3M');
  });
  it('formats durations as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(143.2)).toBe('2:23');
    expect(formatDuration(3725)).toBe('62:05');
  });
  it('formats percent, currency, bounce label and sources', () => {
    expect(formatPercent(0.3712)).toBe('37.1%');
    expect(bounceRateLabel(0.39)).toBe('Good');
    expect(bounceRateLabel(0.4)).toBe('Average');
    expect(sourceLabel('(direct)')).toBe('Direct');
    expect(sourceLabel('')).toBe('Direct');
    expect(sourceLabel('google')).toBe('google');
  });
});
