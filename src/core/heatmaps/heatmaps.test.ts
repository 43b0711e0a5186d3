import { describe, expect, it } from 'vitest';
import { detectRageClicks, type SessionClick } from './detect-rage-clicks.ts';
import { scrollReach } from './scroll-reach.ts';

const rule = { minClicks: 3, radiusPx: 30, windowMs: 1000 };
const click = (at: number, x: number, y: number, selector: string | null = '#buy'): SessionClick => ({
  at,
  x,
  y,
  selector,
});

describe('detectRageClicks', () => {
  it.each([
    [
      'three clicks in 1 s within 30 px',
      [click(0, 100, 100), click(400, 110, 110), click(1000, 121, 100)],
      1,
    ],
    ['two clicks are not enough', [click(0, 100, 100), click(300, 100, 100)], 0],
    [
      'the third click is 1 ms too late',
      [click(0, 100, 100), click(500, 100, 100), click(1001, 100, 100)],
      0,
    ],
    // 30 px exactly is inside; (21, 22) is 30.4 px away.
    ['the third click is 30.4 px away', [click(0, 100, 100), click(100, 100, 100), click(200, 121, 122)], 0],
    ['six clicks within 1 s are one burst', [0, 100, 200, 300, 400, 500].map((at) => click(at, 50, 50)), 1],
    ['out of order, still one burst', [click(800, 100, 100), click(0, 100, 100), click(400, 130, 100)], 1],
    [
      'a burst ends 1 s after its first click; six clicks over 1.3 s are two',
      [0, 100, 200, 1100, 1200, 1300].map((at) => click(at, 50, 50)),
      2,
    ],
  ])('%s', (_name, clicks, expected) => {
    expect([...detectRageClicks(clicks, rule).values()].reduce((a, b) => a + b, 0)).toBe(expected);
  });

  it('credits the first click of the burst, and names clicks without an element', () => {
    const bursts = detectRageClicks(
      [
        click(0, 10, 10, '#a'),
        click(10, 10, 10, '#b'),
        click(20, 10, 10, '#b'),
        click(5000, 0, 0, null),
        click(5001, 0, 0, null),
        click(5002, 0, 0, null),
      ],
      rule,
    );
    expect(Object.fromEntries(bursts)).toEqual({ '#a': 1, '(no element)': 1 });
  });
});

describe('scrollReach', () => {
  it('is the share of views at or beyond each step', () => {
    // 4 views: depths 20, 50, 50, 100.
    const reach = scrollReach(
      [
        { depth: 20, views: 1 },
        { depth: 50, views: 2 },
        { depth: 100, views: 1 },
      ],
      25,
    );
    expect(reach).toEqual([
      { depthPercent: 0, reachedShare: 1 },
      { depthPercent: 25, reachedShare: 0.75 },
      { depthPercent: 50, reachedShare: 0.75 },
      { depthPercent: 75, reachedShare: 0.25 },
      { depthPercent: 100, reachedShare: 0.25 },
    ]);
  });

  it('is all zero without views', () => {
    expect(scrollReach([], 50)).toEqual([
      { depthPercent: 0, reachedShare: 0 },
      { depthPercent: 50, reachedShare: 0 },
      { depthPercent: 100, reachedShare: 0 },
    ]);
  });
});
