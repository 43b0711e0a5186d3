import type { LifetimeDiagnostics } from '@shared/contracts/customers.ts';
import { describe, expect, it } from 'vitest';
import {
  customerListUrl,
  formatGrowth,
  formatLtvToCac,
  formatParameter,
  formatPayback,
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

describe('cohort economics formats', () => {
  it('says the payback in months, or why there is none', () => {
    expect(formatPayback({ payback: 'paid_back', paybackMonths: 1 })).toBe('1 month');
    expect(formatPayback({ payback: 'paid_back', paybackMonths: 4 })).toBe('4 months');
    expect(formatPayback({ payback: 'not_yet', paybackMonths: null })).toBe('not yet');
    expect(formatPayback({ payback: 'no_spend', paybackMonths: null })).toBe('no tracked spend');
    expect(formatPayback({ payback: 'too_few_customers', paybackMonths: null })).toBe('too few customers');
  });

  it('shows LTV:CAC as a ratio to one', () => {
    expect(formatLtvToCac(2.3456)).toBe('2.35 : 1');
    expect(formatLtvToCac(null)).toBe('—');
  });
});
