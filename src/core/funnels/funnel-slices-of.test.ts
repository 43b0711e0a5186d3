import { describe, expect, it } from 'vitest';
import { funnelSlicesOf } from './funnel-slices-of.ts';

describe('funnelSlicesOf (decisions 199, 202)', () => {
  it('keys the visitor kind only when told, beside the campaign and the variants, sorted', () => {
    const base = { campaign: 'spring', variants: ['hero:b', 'hero:b'] };
    expect(funnelSlicesOf(base)).toEqual(['c:spring', 'v:hero:b']);
    expect(funnelSlicesOf({ ...base, returning: null })).toEqual(['c:spring', 'v:hero:b']);
    expect(funnelSlicesOf({ ...base, returning: true })).toEqual(['c:spring', 'n:returning', 'v:hero:b']);
    expect(funnelSlicesOf({ campaign: null, variants: null, returning: false })).toEqual(['n:new']);
  });
});
