import type { LifetimeDiagnostics } from '@shared/contracts/customers.ts';
import { describe, expect, it } from 'vitest';
import {
  customerListUrl,
  formatGrowth,
  formatParameter,
  formatProbability,
  segmentGrowthTone,
  tooLittleDataText,
} from './format-customers.ts';

const defaults = { page: 1, pageSize: 25, sort: 'clv', direction: 'desc' } as const;

describe('customer list and segment formats', () => {
  it('sends only the parameters that differ from the defaults, encoded', () => {
    expect(customerListUrl(defaults)).toBe('/api/customers');
    expect(
      customerListUrl({
        ...defaults,
        page: 3,
        sort: 'churn',
        direction: 'asc',
        q: 'a&b',
        segment: 'At Risk',
      }),
    ).toBe('/api/customers?page=3&sort=churn&direction=asc&q=a%26b&segment=At+Risk');
  });

  it('formats probabilities, growth and parameters', () => {
    expect(formatProbability(0.876)).toBe('88%');
    expect(formatProbability(null)).toBe('—');
    expect(formatGrowth(14.84)).toBe('+14.8%');
    expect(formatGrowth(-47.7)).toBe('−47.7%');
    expect(formatGrowth(null)).toBe('new');
    expect(formatParameter(0.24259)).toBe('0.2426');
    expect(formatParameter(126.93)).toBe('126.9');
  });

  it('says "too little data" only when the models were not fitted for lack of repeat customers', () => {
    const lifetime: LifetimeDiagnostics = {
      status: 'insufficient_data',
      repeatCustomers: 37,
      minimumRepeatCustomers: 200,
      timeUnit: null,
      horizonMonths: null,
      monthlyDiscountRate: null,
      churnModel: null,
      bgnbd: null,
      mbgnbd: null,
      gammaGamma: null,
    };
    expect(tooLittleDataText(lifetime)).toMatch(/^Too little data .*37 repeat customers, at least 200/);
    expect(tooLittleDataText({ ...lifetime, status: 'fitted' })).toBeNull();
    expect(tooLittleDataText({ ...lifetime, status: 'not_run' })).toBeNull();
  });
});

describe('segmentGrowthTone', () => {
  it('colours growth by what is good for the store', () => {
    expect(segmentGrowthTone('Champions', 12.5)).toBe('good');
    expect(segmentGrowthTone('Champions', -4)).toBe('bad');
    expect(segmentGrowthTone('At Risk', 33.6)).toBe('bad');
    expect(segmentGrowthTone('At Risk', -10)).toBe('good');
    expect(segmentGrowthTone('Lost', 2)).toBe('bad');
    expect(segmentGrowthTone("Can't Lose Them", 5)).toBe('bad');
  });

  it('is flat for no change, a new segment and neutral ones', () => {
    expect(segmentGrowthTone('Lost', 0)).toBe('flat');
    expect(segmentGrowthTone('Champions', null)).toBe('flat');
    expect(segmentGrowthTone('Others', 20)).toBe('flat');
  });
});
