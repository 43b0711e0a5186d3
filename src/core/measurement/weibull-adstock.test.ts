import { describe, expect, it } from 'vitest';
import { geometricAdstock } from './geometric-adstock.ts';
import { weibullAdstock } from './weibull-adstock.ts';

describe('weibullAdstock', () => {
  const impulse = [1, ...new Array<number>(19).fill(0)];

  it('is the geometric adstock when the shape is 1 (decay e^(−1/λ))', () => {
    for (const decay of [0.2, 0.5, 0.9]) {
      const weibull = weibullAdstock(impulse, 1, -1 / Math.log(decay), 8);
      const geometric = geometricAdstock(impulse, decay, 8);
      for (const [t, v] of weibull.entries()) expect(v).toBeCloseTo(geometric[t]!, 12);
    }
  });

  it('delays the peak of an impulse when the shape is above 1', () => {
    const response = weibullAdstock(impulse, 3, 5, 13);
    const peak = response.indexOf(Math.max(...response));
    expect(peak).toBeGreaterThanOrEqual(3);
    expect(peak).toBeLessThanOrEqual(5);
    expect(response[0]).toBeLessThan(response[peak]! / 10);
    expect(response.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('keeps a constant spend constant once the window is full', () => {
    const out = weibullAdstock(new Array<number>(30).fill(250), 2, 4, 10);
    for (const v of out.slice(9)) expect(v).toBeCloseTo(250, 9);
    expect(out[0]!).toBeLessThan(250);
  });

  it('refuses a shape, scale or window that is not positive', () => {
    expect(() => weibullAdstock(impulse, 0, 2, 5)).toThrow(/shape/);
    expect(() => weibullAdstock(impulse, 2, Number.NaN, 5)).toThrow(/scale/);
    expect(() => weibullAdstock(impulse, 2, 2, 0)).toThrow(/maxLag/);
  });
});
