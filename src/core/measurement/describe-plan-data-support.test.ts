import { describe, expect, it } from 'vitest';
import { describePlanDataSupport } from './describe-plan-data-support.ts';

describe('describePlanDataSupport (decision 248)', () => {
  it('says a plan within every channel’s largest week is within the data', () => {
    const support = describePlanDataSupport(
      [
        { name: 'Meta', planned: 900, largest: 1200 },
        { name: 'Google Ads', planned: 1500.004, largest: 1500 },
      ],
      'USD',
      'week',
    );
    expect(support).toEqual({
      within: true,
      beyond: [],
      summary: 'Every planned spend lies within the spend each channel had in the fitted weeks.',
    });
  });

  it('names each channel planned above its largest period, with both amounts', () => {
    const one = describePlanDataSupport(
      [
        { name: 'Meta', planned: 900, largest: 1200 },
        { name: 'Google Ads', planned: 2400, largest: 1500 },
      ],
      'USD',
      'week',
    );
    expect(one.within).toBe(false);
    expect(one.beyond).toEqual(['Google Ads']);
    expect(one.summary).toBe(
      'Beyond the data: Google Ads at $2,400 a week is above the most it spent in any fitted week ($1,500); the response curve there is extrapolated, not measured.',
    );
    const two = describePlanDataSupport(
      [
        { name: 'Meta', planned: 1300, largest: 1200 },
        { name: 'Google Ads', planned: 2400, largest: 1500 },
      ],
      'EUR',
      'day',
    );
    expect(two.beyond).toEqual(['Meta', 'Google Ads']);
    expect(two.summary).toMatch(
      /^Beyond the data: Meta at €1,300 a day \(most in a fitted day: €1,200\), Google Ads at €2,400 a day \(most in a fitted day: €1,500\); the response curves there are extrapolated, not measured\.$/,
    );
  });
});
