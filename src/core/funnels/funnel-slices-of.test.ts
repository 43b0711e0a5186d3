import { describe, expect, it } from 'vitest';
import { funnelSlicesOf, withSegmentSlices } from './funnel-slices-of.ts';

describe('funnelSlicesOf (decisions 199, 202, 224)', () => {
  it('keys the visitor kind only when told, beside the campaign and the variants, sorted', () => {
    const base = { campaign: 'spring', variants: ['hero:b', 'hero:b'] };
    expect(funnelSlicesOf(base)).toEqual(['c:spring', 'v:hero:b']);
    expect(funnelSlicesOf({ ...base, returning: null })).toEqual(['c:spring', 'v:hero:b']);
    expect(funnelSlicesOf({ ...base, returning: true })).toEqual(['c:spring', 'n:returning', 'v:hero:b']);
    expect(funnelSlicesOf({ campaign: null, variants: null, returning: false })).toEqual(['n:new']);
  });

  it('keys each RFM segment, and a re-slice replaces only the segment slices', () => {
    const slices = funnelSlicesOf({ campaign: 'spring', variants: null, segments: ['Loyal', 'Champions'] });
    expect(slices).toEqual(['c:spring', 'r:Champions', 'r:Loyal']);
    expect(withSegmentSlices(slices, ['At Risk'])).toEqual(['c:spring', 'r:At Risk']);
    expect(withSegmentSlices(slices, [])).toEqual(['c:spring']);
    expect(withSegmentSlices(['n:new'], ['Loyal'])).toEqual(
      funnelSlicesOf({ campaign: null, variants: null, returning: false, segments: ['Loyal'] }),
    );
  });
});
