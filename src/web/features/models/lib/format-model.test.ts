import { describe, expect, it } from 'vitest';
import { formatParam, formatRunDuration, improvementOverBaseline, modelName } from './format-model.ts';

describe('model formats', () => {
  it('shows parameters with 4 significant digits and large likelihoods whole', () => {
    expect(formatParam(0.24256)).toBe('0.2426');
    expect(formatParam(4.41359)).toBe('4.414');
    expect(formatParam(-9582.43)).toBe('−9,582');
    expect(formatParam(null)).toBe('—');
  });

  it('reads durations and model names', () => {
    expect(formatRunDuration(850)).toBe('850 ms');
    expect(formatRunDuration(12_345)).toBe('12.3 s');
    expect(formatRunDuration(125_000)).toBe('2 min 5 s');
    expect(modelName('ets(damped,multiplicative)')).toBe('ETS (damped trend, multiplicative weekly season)');
    expect(modelName('ensemble')).toMatch(/^Ensemble/);
    expect(modelName('something-new')).toBe('something-new');
  });

  it('measures the improvement over the baseline in percent of its error', () => {
    expect(improvementOverBaseline(20, 40)).toBe(50);
    expect(improvementOverBaseline(50, 40)).toBe(-25);
    expect(improvementOverBaseline(null, 40)).toBeNull();
    expect(improvementOverBaseline(10, 0)).toBeNull();
  });
});
