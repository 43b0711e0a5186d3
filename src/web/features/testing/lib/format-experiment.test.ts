import { describe, expect, it } from 'vitest';
import {
  draftToInput,
  emptyDraft,
  formatLift,
  formatPValue,
  formatRate,
  nextVariantName,
} from './format-experiment.ts';

describe('experiment formats', () => {
  it('formats rates, lifts and p-values', () => {
    expect(formatRate(0.2534)).toBe('25.34 %');
    expect(formatLift(0.25)).toBe('+25.0 %');
    expect(formatLift(-0.1)).toBe('−10.0 %');
    expect(formatLift(null)).toBe('—');
    expect(formatPValue(0.0004)).toBe('< 0.001');
    expect(formatPValue(0.00742)).toBe('0.007');
  });

  it('turns the form into the API input, empty numbers as 0 and thousands separators dropped', () => {
    const draft = emptyDraft();
    draft.name = 'Checkout';
    draft.variants[0] = {
      key: 'arm-0',
      name: 'Control',
      visitors: '1,000',
      conversions: '200',
      revenue: '10,000.50',
    };
    const input = draftToInput(draft);
    expect(input.variants[0]).toEqual({
      name: 'Control',
      visitors: 1000,
      conversions: 200,
      // Revenue goes as typed, an exact decimal string (decision 170), separators dropped.
      revenue: '10000.50',
    });
    expect(input.variants[1]).toEqual({ name: 'Variant B', visitors: 0, conversions: 0, revenue: '0' });
    expect(input.minimumDetectableEffect).toBe(10);
    expect(nextVariantName(2)).toBe('Variant C');
  });
});
