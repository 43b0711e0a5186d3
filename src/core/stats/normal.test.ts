import { describe, expect, it } from 'vitest';
import { normalCdf } from './normal-cdf.ts';
import { normalQuantile } from './normal-quantile.ts';

// Reference values: R 4.x pnorm / qnorm (also Abramowitz & Stegun table 26.1).
describe('normalCdf', () => {
  it.each([
    [0, 0.5],
    [1.96, 0.9750021048517795],
    [-1, 0.15865525393145707],
    [-3, 0.0013498980316301],
    [2.5, 0.9937903346742238],
  ])('Φ(%d)', (x, expected) => expect(normalCdf(x)).toBeCloseTo(expected, 14));

  it('keeps relative precision in the far tail', () => {
    expect(normalCdf(-8) / 6.22096057427178e-16).toBeCloseTo(1, 7);
    expect(normalCdf(-40)).toBe(0);
  });
});

describe('normalQuantile', () => {
  it.each([
    [0.975, 1.959963984540054],
    [0.9, 1.2815515655446004],
    [0.5, 0],
    [0.001, -3.090232306167813],
  ])('Φ⁻¹(%d)', (p, expected) => expect(normalQuantile(p)).toBeCloseTo(expected, 12));

  it('rejects p outside (0, 1)', () => {
    expect(() => normalQuantile(0)).toThrow(RangeError);
    expect(() => normalQuantile(1)).toThrow(RangeError);
  });
});
