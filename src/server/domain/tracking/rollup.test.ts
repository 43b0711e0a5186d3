import { describe, expect, it } from 'vitest';
import { type CursorEvent, viewportBucketOf } from '../../../shared/contracts/cursor-tracking.ts';
import { pageKeyOf, rollUpEvents, xBinOf, xCentreOf, yBinOf, yCentreOf } from './rollup.ts';

const event = (overrides: Partial<CursorEvent>): CursorEvent =>
  ({
    eventType: 'click',
    x: 0,
    y: 0,
    sessionId: 's',
    pageUrl: 'https://shop.example/a',
    timestamp: 1_800_000_000_000,
    viewportWidth: 1000,
    viewportHeight: 800,
    ...overrides,
  }) as CursorEvent;

describe('heatmap binning', () => {
  it('puts x in 1 % columns of the viewport and y in 16 px rows', () => {
    expect(xBinOf(0, 1000)).toBe(0);
    expect(xBinOf(9.99, 1000)).toBe(0);
    expect(xBinOf(10, 1000)).toBe(1);
    expect(xBinOf(999, 1000)).toBe(99);
    expect(xBinOf(1000, 1000)).toBe(99); // clamped at the right edge
    expect(xBinOf(-5, 1000)).toBe(0);
    expect(yBinOf(15)).toBe(0);
    expect(yBinOf(16)).toBe(1);
    expect(yBinOf(1000)).toBe(62);
  });

  it('keeps every point within 16 px of its cell centre at 375, 768, 1280 and 1920 px', () => {
    for (const width of [375, 768, 1280, 1920]) {
      for (let x = 0; x < width; x += 7) {
        const centrePx = (xCentreOf(xBinOf(x, width)) / 100) * width;
        expect(Math.abs(centrePx - x)).toBeLessThanOrEqual(16);
      }
    }
    for (let y = 0; y < 5000; y += 3) expect(Math.abs(yCentreOf(yBinOf(y)) - y)).toBeLessThanOrEqual(8);
  });

  it('buckets viewports by width', () => {
    expect([375, 480, 481, 768, 1024, 1280, 1440, 1920].map(viewportBucketOf)).toEqual([
      'mobile',
      'mobile',
      'tablet',
      'tablet',
      'laptop',
      'desktop',
      'desktop',
      'wide',
    ]);
  });

  it('keys pages by origin and path, dropping query strings and fragments', () => {
    expect(pageKeyOf('https://shop.example/p?email=a@b.c#top')).toBe('https://shop.example/p');
  });
});

describe('rollUpEvents', () => {
  it('counts cells, sessions, pages and clicked elements, sorted by key', () => {
    const rollups = rollUpEvents(
      [
        {
          configurationId: 'c1',
          events: [
            event({ eventType: 'page_view', timestamp: 1_800_000_000_000 }),
            event({ x: 500, y: 100, elementSelector: '#buy', timestamp: 1_800_000_003_000 }),
            event({ x: 505, y: 110, elementSelector: '#buy', timestamp: 1_800_000_001_000 }),
            event({ eventType: 'cursor_move', x: 10, y: 10, pageUrl: 'https://shop.example/b?x=1' }),
          ],
        },
        { configurationId: 'c0', events: [event({ sessionId: 'other', viewportWidth: 375, x: 370 })] },
      ],
      '2027-01-15',
    );
    expect(
      rollups.cells.map((c) => [c.key.configurationId, c.key.eventType, c.key.xBin, c.key.yBin, c.count]),
    ).toEqual([
      ['c0', 'click', 98, 0, 1],
      ['c1', 'click', 50, 6, 2],
      ['c1', 'cursor_move', 1, 0, 1],
    ]);
    expect(rollups.cells[0]!.key.viewportBucket).toBe('mobile');
    expect(rollups.sessions.find((s) => s.sessionId === 's')).toMatchObject({
      startedAt: 1_800_000_000_000,
      endedAt: 1_800_000_003_000,
      eventCount: 4,
      clickCount: 2,
      lastPageUrl: 'https://shop.example/a',
    });
    expect(rollups.pages.map((p) => [p.key.configurationId, p.key.pageUrl, p.count])).toEqual([
      ['c0', 'https://shop.example/a', 1],
      ['c1', 'https://shop.example/a', 3],
      ['c1', 'https://shop.example/b', 1],
    ]);
    expect(rollups.elements.map((e) => [e.key.selector, e.count])).toEqual([['#buy', 2]]);
  });
});
