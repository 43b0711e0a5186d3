import { describe, expect, it } from 'vitest';
import {
  DashboardIngestRequestSchema,
  IngestRequestSchema,
} from '../../../../shared/contracts/cursor-tracking.ts';
import { checkDashboardBody, checkTrackerBody } from './fast-event-check.ts';

const event = {
  eventType: 'click',
  x: 120,
  y: -4,
  sessionId: 's_1-a',
  pageUrl: 'https://shop.example/products/mug?utm_source=ig&email=a@b.c#top',
  timestamp: 1_764_000_000_000,
  viewportWidth: 390,
  viewportHeight: 844,
  documentWidth: 390,
  documentHeight: 3000,
  elementSelector: 'button.buy',
  offsetX: 3,
  offsetY: 0,
  scrollDepth: 40,
  visitorId: 'v-1',
  referrer: 'https://www.google.com/',
  cartToken: 'c1:a?b=2',
  emailHash: 'a'.repeat(64),
};

/** Field values around every limit of CursorEventSchema, valid and not. */
const variants: Record<string, unknown[]> = {
  eventType: ['page_view', 'cursor_move', 'scroll', 'dead_click', 'hover', '', 3],
  x: [0, -1_000_000, 1_000_000, 1_000_001, 1.5, '1', null],
  sessionId: ['a'.repeat(64), 'a'.repeat(65), '', 'a b', 'é', 7],
  pageUrl: [
    'http://a.b/',
    'ftp://a.b/',
    'https://',
    `https://a.b/${'x'.repeat(2040)}`,
    'https://a.b/?gclid=1&q=2',
  ],
  timestamp: [946_684_800_000, 946_684_799_999, 4_102_444_800_001, '2026-11-28T10:00:00Z', '2026-11-28', 1.5],
  viewportWidth: [undefined, 1, 0, 20_000, 20_001, 480.5],
  viewportHeight: [undefined, 20_000, -1],
  documentHeight: [undefined, 0, -1, 1_000_000, 1_000_001],
  elementSelector: [undefined, '', 'x'.repeat(512), 'x'.repeat(513), 5],
  offsetY: [undefined, -1_000_000, -1_000_001],
  scrollDepth: [undefined, 0, 100, 101, -1, 50.5],
  visitorId: [undefined, '', 'ok_1', 'not ok'],
  referrer: [undefined, '', 'x'.repeat(2048), 'x'.repeat(2049), null],
  cartToken: [undefined, '', 'x'.repeat(256), 'x'.repeat(257), 'a/b'],
  emailHash: [undefined, null, 'A'.repeat(64), 'a'.repeat(63), 1],
  extra: [undefined, 1],
};

function withField(field: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...event };
  if (value === undefined) delete copy[field];
  else copy[field] = value;
  return copy;
}

describe('fast event check', () => {
  it('accepts only what zod accepts, as zod parses it, and leaves the rest to zod', () => {
    let fastAccepted = 0;
    let zodAccepted = 0;
    const cases: unknown[] = [];
    for (const [field, values] of Object.entries(variants))
      for (const value of values) {
        cases.push(withField(field, value));
        cases.push({ ...withField(field, value), eventType: 'page_view', elementSelector: undefined });
      }
    for (const e of cases) {
      const body = JSON.parse(JSON.stringify({ trackingId: 't', apiKey: 'k', events: [event, e] }));
      const zod = IngestRequestSchema.safeParse(body);
      const fast = checkTrackerBody(body);
      if (zod.success) zodAccepted += 1;
      if (fast) {
        fastAccepted += 1;
        expect(zod.success, JSON.stringify(e)).toBe(true);
        expect(fast).toStrictEqual(zod.data);
      }
    }
    // The fast path takes most valid bodies (all but ISO timestamps), so it is really used.
    expect(fastAccepted).toBeGreaterThan(zodAccepted * 0.8);
    expect(fastAccepted).toBeLessThan(cases.length);
  });

  it('checks the request around the events as the schemas do', () => {
    const bodies = [
      { trackingId: 't', apiKey: 'k', events: [event] },
      { trackingId: '', apiKey: 'k', events: [event] },
      { trackingId: 't'.repeat(65), apiKey: 'k', events: [event] },
      { trackingId: 't', apiKey: 'k'.repeat(129), events: [event] },
      { trackingId: 't', apiKey: 'k', events: [] },
      { trackingId: 't', apiKey: 'k', events: Array.from({ length: 501 }, () => event) },
      { trackingId: 't', apiKey: 'k', events: [event], more: 1 },
      { trackingId: 't', apiKey: 'k', events: [[]] },
      { events: [event] },
      { events: [event], trackingId: 1 },
      [event],
      null,
    ];
    for (const body of bodies) {
      const fast = checkTrackerBody(body);
      const zod = IngestRequestSchema.safeParse(body);
      expect(fast === null ? null : zod.data, JSON.stringify(body).slice(0, 80)).toStrictEqual(fast);
      const fastDashboard = checkDashboardBody(body);
      const zodDashboard = DashboardIngestRequestSchema.safeParse(body);
      expect(fastDashboard === null ? null : zodDashboard.data).toStrictEqual(fastDashboard);
    }
    expect(checkTrackerBody(bodies[0])).not.toBeNull();
    expect(checkDashboardBody(bodies[8])).not.toBeNull();
  });
});
