import { describe, expect, it } from 'vitest';
import {
  accuracyPercent,
  buildForecastChart,
  changeTone,
  channelLabel,
  forecastTotal,
  formatChange,
  formatDayRange,
} from './format-kpi.ts';

describe('dashboard formats', () => {
  it('signs changes, dashes missing ones and colours them by whether up is good', () => {
    expect(formatChange(12.345)).toBe('+12.3%');
    expect(formatChange(-4)).toBe('−4.0%');
    expect(formatChange(0)).toBe('0.0%');
    expect(formatChange(null)).toBe('—');
    expect(changeTone(5, true)).toBe('good');
    expect(changeTone(5, false)).toBe('bad');
    expect(changeTone(-5, false)).toBe('good');
    expect(changeTone(0.01, true)).toBe('flat');
    expect(changeTone(null, true)).toBe('flat');
  });

  it('writes day ranges as calendar days, with the year once unless it changes', () => {
    expect(formatDayRange('2026-10-02', '2026-10-31')).toBe('Oct 2 – Oct 31, 2026');
    expect(formatDayRange('2025-12-30', '2026-01-05')).toBe('Dec 30, 2025 – Jan 5, 2026');
  });

  it('names channels and reads accuracy as 100 − WAPE', () => {
    expect(channelLabel('meta_ads')).toBe('Meta ads');
    expect(channelLabel('tiktok_ads')).toBe('TikTok ads');
    // A channel without a label reads as its words.
    expect(channelLabel('pinterest_ads')).toBe('pinterest ads');
    expect(accuracyPercent(23.5)).toBe(76.5);
    expect(accuracyPercent(140)).toBe(0);
    expect(accuracyPercent(null)).toBeNull();
  });

  it('joins the forecast to the last actual day and keeps only the horizon', () => {
    const history = [
      { date: '2026-10-30', value: 10 },
      { date: '2026-10-31', value: 20 },
    ];
    const forecast = [1, 2, 3].map((i) => ({
      date: `2026-11-0${i}`,
      value: 30 + i,
      lo80: 25,
      hi80: 40,
      lo95: 20,
      hi95: 45,
      closed: false,
    }));
    const points = buildForecastChart({ history, forecast }, 1, 2);
    expect(points).toEqual([
      { date: '2026-10-31', actual: 20, forecast: 20, band80: [20, 20], band95: [20, 20] },
      { date: '2026-11-01', actual: null, forecast: 31, band80: [25, 40], band95: [20, 45] },
      { date: '2026-11-02', actual: null, forecast: 32, band80: [25, 40], band95: [20, 45] },
    ]);
    expect(forecastTotal(forecast, 2)).toEqual({ value: 63, lo80: 50, hi80: 80, days: 2 });
  });
});
