import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CursorEvent, HeatmapResponse } from '../../src/shared/contracts/cursor-tracking.ts';
import type {
  Frustration,
  ScrollMap,
  SessionExperiments,
} from '../../src/shared/contracts/heatmap-insights.ts';
import type { TrackingConfiguration } from '../../src/shared/contracts/tracking-configurations.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { addWebsite, getOk, heatmapTotal, makeEvent, postEvents } from './ingest-helpers.ts';

/**
 * The A/B variant filter (decision 064), over real HTTP on the real server and PostgreSQL: the
 * variant comes in the landing URL's `upside_exp` parameter of events posted to the public
 * ingestion endpoint, and every read filters by it. Expected figures are counted from the events.
 */
describe('heatmap A/B variant filter', () => {
  let app: TestApp;
  let owner: string;
  let site: TrackingConfiguration;
  const shop = 'https://shop-ab.example';
  const mug = `${shop}/products/mug`;
  const t0 = Date.now() - 60_000;
  const phone = { viewportWidth: 375, viewportHeight: 700, documentHeight: 4000 };

  /** A session: a page view of `landing`, then clicks on the mug page at (x, y) one second apart. */
  const session = (
    sessionId: string,
    landing: string,
    clicks: [number, number][],
    view = {},
  ): CursorEvent[] => [
    makeEvent(shop, {
      eventType: 'page_view',
      sessionId,
      pageUrl: landing,
      timestamp: t0,
      x: 0,
      y: 0,
      elementSelector: undefined,
      ...view,
    }),
    ...clicks.map(([x, y], i) =>
      makeEvent(shop, { sessionId, pageUrl: mug, timestamp: t0 + 1_000 * (i + 1), x, y, ...view }),
    ),
  ];
  const get = <T>(path: string) => getOk<T>(app, owner, path);
  const total = heatmapTotal;
  const q = (params: Record<string, string>) =>
    new URLSearchParams({ trackingId: site.trackingId, page: mug, ...params });

  beforeAll(async () => {
    app = await startTestApp();
    owner = await app.signIn('owner-ab@example.com', 'Ada');
    site = await addWebsite(app, owner, shop, 'Shop AB');
    const events = [
      // Variant a of "hero": one click.
      ...session('a1', `${mug}?upside_exp=hero:a&utm_source=news`, [[100, 100]]),
      // Variant b: two sessions (one also in "price" x, one written in capitals), three clicks.
      ...session('b1', `${mug}?upside_exp=hero%3Ab%2Cprice%3Ax`, [[640, 300]]),
      ...session('b2', `${mug}?UPSIDE_EXP=no&upside_exp=HERO:B`, [
        [300, 600],
        [302, 602],
      ]),
      // A phone in b with a rage burst (three clicks within 1 s and 30 px) and a short scroll.
      ...session('b3', `${shop}/?upside_exp=hero:b`, [], phone),
      ...[0, 300, 600].map((at) =>
        makeEvent(shop, {
          sessionId: 'b3',
          pageUrl: mug,
          timestamp: t0 + 5_000 + at,
          x: 50,
          y: 50,
          ...phone,
        }),
      ),
      makeEvent(shop, {
        eventType: 'scroll',
        sessionId: 'b3',
        pageUrl: mug,
        timestamp: t0 + 6_000,
        x: 0,
        y: 1200,
        scrollDepth: 30,
        elementSelector: undefined,
        ...phone,
      }),
      // In no experiment: no parameter, and a malformed one that is dropped.
      ...session('none', mug, [[10, 10]]),
      ...session('bad', `${mug}?upside_exp=%3Cscript%3E`, [[20, 20]]),
    ];
    const response = await postEvents(
      app.baseUrl,
      { trackingId: site.trackingId, apiKey: site.apiKey, events },
      { origin: shop },
    );
    expect(response.status, await response.clone().text()).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists the experiments and variants the sessions landed in', async () => {
    const listed = await get<SessionExperiments>(
      `/api/cursor-tracking/experiments?${new URLSearchParams({ trackingId: site.trackingId })}`,
    );
    expect(listed).toEqual({
      experiments: [
        {
          key: 'hero',
          variants: [
            { name: 'a', sessions: 1 },
            { name: 'b', sessions: 3 },
          ],
        },
        { key: 'price', variants: [{ name: 'x', sessions: 1 }] },
      ],
    });
  });

  it("draws each variant's heatmap from its sessions only", async () => {
    const clicks = { eventType: 'click' };
    expect(total(await get(`/api/cursor-tracking/heatmap?${q(clicks)}`))).toBe(9);
    const a = await get<HeatmapResponse>(
      `/api/cursor-tracking/heatmap?${q({ ...clicks, experiment: 'hero', variant: 'a' })}`,
    );
    expect(a.heatmapData).toEqual([expect.objectContaining({ count: 1, y: 6 * 16 + 8 })]);
    // Names are matched without regard to case.
    const b = await get<HeatmapResponse>(
      `/api/cursor-tracking/heatmap?${q({ ...clicks, experiment: 'Hero', variant: 'B' })}`,
    );
    expect(total(b)).toBe(6);
    const bPhones = await get<HeatmapResponse>(
      `/api/cursor-tracking/heatmap?${q({ ...clicks, experiment: 'hero', variant: 'b', device: 'mobile' })}`,
    );
    expect(total(bPhones)).toBe(3);
    const price = await get<HeatmapResponse>(
      `/api/cursor-tracking/heatmap?${q({ ...clicks, experiment: 'price', variant: 'x' })}`,
    );
    expect(total(price)).toBe(1);
    // Nobody converted: the variant's non-converting sessions are all of them.
    const bNot = await get<HeatmapResponse>(
      `/api/cursor-tracking/heatmap?${q({ ...clicks, experiment: 'hero', variant: 'b', converted: 'false' })}`,
    );
    expect(total(bNot)).toBe(6);
    const unknown = await get<HeatmapResponse>(
      `/api/cursor-tracking/heatmap?${q({ ...clicks, experiment: 'hero', variant: 'c' })}`,
    );
    expect(unknown.heatmapData).toEqual([]);
  });

  it('filters the scroll map and frustration by variant', async () => {
    const scrollB = await get<ScrollMap>(
      `/api/cursor-tracking/scroll?${q({ experiment: 'hero', variant: 'b' })}`,
    );
    expect(scrollB).toMatchObject({ views: 3 });
    const scrollA = await get<ScrollMap>(
      `/api/cursor-tracking/scroll?${q({ experiment: 'hero', variant: 'a' })}`,
    );
    expect(scrollA).toMatchObject({ views: 1, foldY: 800 });
    const rageB = await get<Frustration>(
      `/api/cursor-tracking/frustration?${q({ experiment: 'hero', variant: 'b' })}`,
    );
    expect(rageB.rageClicks).toEqual([{ selector: '#buy', count: 1 }]);
    const rageA = await get<Frustration>(
      `/api/cursor-tracking/frustration?${q({ experiment: 'hero', variant: 'a' })}`,
    );
    expect(rageA.rageClicks).toEqual([]);
  });

  it('refuses bad experiment filters with a 400 naming the field', async () => {
    for (const [params, field] of [
      [{ experiment: 'hero' }, 'variant'],
      [{ variant: 'b' }, 'experiment'],
      [{ experiment: 'hero', variant: '<b>' }, 'variant'],
      [{ experiment: 'x'.repeat(41), variant: 'b' }, 'experiment'],
    ] as const) {
      for (const path of ['heatmap', 'scroll', 'frustration']) {
        const response = await app.request(`/api/cursor-tracking/${path}?${q(params)}`, { cookie: owner });
        expect(response.status).toBe(400);
        expect(await response.text()).toContain(field);
      }
    }
    const range = await app.request(
      `/api/cursor-tracking/experiments?${new URLSearchParams({ from: '2026-02-02', to: '2026-02-01' })}`,
      { cookie: owner },
    );
    expect(range.status).toBe(400);
    expect(await range.text()).toContain('from');
  });
});
