import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClickStatistics,
  CursorStatistics,
  HeatmapResponse,
  TrackingSessionsResponse,
} from '../../src/shared/contracts/cursor-tracking.ts';
import type { TrackingConfiguration } from '../../src/shared/contracts/tracking-configurations.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { addWebsite, countRawEvents, makeEvent, postEvents } from './ingest-helpers.ts';

/**
 * The public ingestion endpoint over real HTTP, on the real server and database: good batches
 * land in events and rollups, every kind of bad input gets the right 4xx with a reason and stores
 * nothing, a flooding site is limited without touching another, and tenants never see each other.
 */
describe('cursor event ingestion', () => {
  let app: TestApp;
  let owner: string;
  let site: TrackingConfiguration;
  const shop = 'https://shop-a.example';

  beforeAll(async () => {
    app = await startTestApp({ TRACKING_RATE_PER_SECOND: '50', TRACKING_RATE_BURST: '1000' });
    owner = await app.signIn('owner-a@example.com', 'Ada');
    site = await addWebsite(app, owner, shop, 'Shop A');
  });
  afterAll(async () => {
    await app?.close();
  });

  const body = (events = [makeEvent(shop)]) => ({ trackingId: site.trackingId, apiKey: site.apiKey, events });
  const get = async <T>(path: string, cookie = owner) => {
    const response = await app.request(path, { cookie });
    expect(response.status, `${path}: ${response.status}`).toBe(200);
    return (await response.json()) as T;
  };

  it('creates websites with a public tracking id and a random key', () => {
    expect(site).toMatchObject({ websiteName: 'Shop A', websiteUrl: shop, isActive: true });
    expect(site.trackingId).toMatch(/^trk_[0-9a-f]{20}$/);
    expect(site.apiKey.length).toBeGreaterThan(40);
  });

  it('reports the first event from a new site for "Verify installation" (issue #38 item 3)', async () => {
    // In a store of its own, so the statistics the tests below count stay Shop A's.
    const installer = await app.signIn('installer@example.com', 'Ian');
    const fresh = await addWebsite(app, installer, 'https://fresh-theme.example', 'Fresh theme');
    const check = (siteId: string, cookie = installer) =>
      app.request(`/api/tracking/install-check?siteId=${siteId}`, { cookie });
    expect(await (await check(fresh.id)).json()).toEqual({ firstEventAt: null });
    const before = Date.now();
    const posted = await postEvents(
      app.baseUrl,
      {
        trackingId: fresh.trackingId,
        apiKey: fresh.apiKey,
        events: [makeEvent('https://fresh-theme.example')],
      },
      { origin: 'https://fresh-theme.example' },
    );
    expect(posted.status).toBe(200);
    const { firstEventAt } = (await (await check(fresh.id)).json()) as { firstEventAt: string };
    expect(new Date(firstEventAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(firstEventAt).getTime()).toBeLessThanOrEqual(Date.now());
    // Another store's member cannot learn about this site; a malformed id is a 400 naming siteId.
    expect((await check(fresh.id, owner)).status).toBe(404);
    const bad = await check('not-a-uuid');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('siteId');
  });

  it('stores a text/plain batch from the site, answers CORS for its origin, and rolls it up', async () => {
    const before = await countRawEvents(app);
    const events = [
      makeEvent(shop, {
        eventType: 'page_view',
        x: 0,
        y: 0,
        elementSelector: undefined,
        sessionId: 's1',
        timestamp: 1_800_000_000_000,
      }),
      makeEvent(shop, { x: 640, y: 200, sessionId: 's1', timestamp: 1_800_000_001_000 }),
      makeEvent(shop, {
        x: 641,
        y: 205,
        sessionId: 's1',
        timestamp: 1_800_000_002_000,
        pageUrl: `${shop}/products?email=a@b.c`,
      }),
      makeEvent(shop, {
        eventType: 'cursor_move',
        x: 100,
        y: 40,
        elementSelector: undefined,
        sessionId: 's1',
        timestamp: 1_800_000_004_000,
      }),
      makeEvent(shop, {
        x: 10,
        y: 10,
        sessionId: 's2',
        elementSelector: 'nav>a',
        timestamp: 1_800_000_000_000,
      }),
      makeEvent(shop, {
        eventType: 'scroll',
        x: 0,
        y: 1600,
        elementSelector: undefined,
        scrollDepth: 53,
        sessionId: 's3',
      }),
    ];
    const response = await postEvents(app.baseUrl, body(events), { origin: shop });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ accepted: 6 });
    expect(response.headers.get('access-control-allow-origin')).toBe(shop);
    expect(await countRawEvents(app)).toBe(before + 6);

    const stats = await get<CursorStatistics>('/api/cursor-tracking/statistics');
    expect(stats.totalSessions).toBe(3);
    expect(stats.totalEvents).toBe(6);
    // s1 lasts 4 s, s2 and s3 one event each: (4000 + 0 + 0) / 3.
    expect(stats.averageSessionDuration).toBe(1333);
    expect(stats.clickThroughRate).toBeCloseTo((2 / 3) * 100, 5);
    expect(stats.mostActivePages).toEqual([{ pageUrl: `${shop}/products`, eventCount: 6 }]);

    const clicks = await get<ClickStatistics>('/api/cursor-tracking/clicks');
    expect(clicks).toEqual({
      totalClicks: 3,
      uniqueElements: 2,
      clicksByElement: [
        { selector: '#buy', count: 2 },
        { selector: 'nav>a', count: 1 },
      ],
    });

    const heatmap = await get<HeatmapResponse>(
      `/api/cursor-tracking/heatmap?eventType=click&viewport=desktop&trackingId=${site.trackingId}`,
    );
    // 640/1280 → column 50 (centre 50.5 %); y 200 and 205 → row 12 (centre 200 px).
    expect(heatmap.heatmapData).toContainEqual({ x: 50.5, y: 200, count: 2, intensity: 1 });
    expect(heatmap.heatmapData).toContainEqual({ x: 0.5, y: 8, count: 1, intensity: 0.5 });
    expect(heatmap.pages).toEqual([`${shop}/products`]);
    const mobile = await get<HeatmapResponse>('/api/cursor-tracking/heatmap?viewport=mobile');
    expect(mobile.heatmapData).toEqual([]);

    const sessions = await get<TrackingSessionsResponse>('/api/cursor-tracking/sessions');
    expect(sessions.sessions).toHaveLength(3);
    expect(sessions.activeCount).toBe(3);
    const s1 = sessions.sessions.find((s) => s.sessionId === 's1')!;
    expect(s1).toMatchObject({
      status: 'active',
      eventCount: 4,
      duration: 4000,
      pageUrl: `${shop}/products`,
    });
  });

  it('accepts the www twin of the site and requests without an Origin header', async () => {
    expect((await postEvents(app.baseUrl, body(), { origin: 'https://www.shop-a.example' })).status).toBe(
      200,
    );
    expect((await postEvents(app.baseUrl, body())).status).toBe(200);
  });

  describe('refuses bad input with the right 4xx, a reason, and nothing stored', () => {
    const cases: Array<{
      name: string;
      status: number;
      code: string;
      send: () => Promise<Response>;
    }> = [
      {
        name: 'wrong API key',
        status: 401,
        code: 'invalid_tracking_key',
        send: () => postEvents(app.baseUrl, { ...body(), apiKey: 'utk_wrong' }, { origin: shop }),
      },
      {
        name: 'unknown tracking id',
        status: 401,
        code: 'invalid_tracking_key',
        send: () => postEvents(app.baseUrl, { ...body(), trackingId: 'trk_nope' }, { origin: shop }),
      },
      {
        name: 'foreign origin',
        status: 403,
        code: 'origin_not_allowed',
        send: () => postEvents(app.baseUrl, body(), { origin: 'https://evil.example' }),
      },
      {
        name: 'body over 64 KB',
        status: 413,
        code: 'body_too_large',
        send: () =>
          postEvents(app.baseUrl, null, {
            origin: shop,
            raw: JSON.stringify({ ...body(), pad: 'x'.repeat(70_000) }),
          }),
      },
      {
        // 501 real events cannot fit in 64 KB, so the count is checked before the events themselves.
        name: 'more than 500 events',
        status: 400,
        code: 'too_many_events',
        send: () =>
          postEvents(app.baseUrl, body(Array.from({ length: 501 }, () => ({}) as never)), { origin: shop }),
      },
      {
        name: 'malformed JSON',
        status: 400,
        code: 'invalid_json',
        send: () => postEvents(app.baseUrl, null, { origin: shop, raw: '{"trackingId": "x", "events": [' }),
      },
      {
        name: 'a wrongly typed coordinate',
        status: 400,
        code: 'validation_failed',
        send: () =>
          postEvents(app.baseUrl, body([makeEvent(shop), { ...makeEvent(shop), x: '12' } as never]), {
            origin: shop,
          }),
      },
      {
        name: 'an unknown event type',
        status: 400,
        code: 'validation_failed',
        send: () =>
          postEvents(app.baseUrl, body([{ ...makeEvent(shop), eventType: 'keypress' } as never]), {
            origin: shop,
          }),
      },
      {
        name: 'an unknown field (no input values)',
        status: 400,
        code: 'validation_failed',
        send: () =>
          postEvents(app.baseUrl, body([{ ...makeEvent(shop), value: 'secret' } as never]), { origin: shop }),
      },
      {
        name: 'a selector on a mouse move',
        status: 400,
        code: 'validation_failed',
        send: () =>
          postEvents(app.baseUrl, body([makeEvent(shop, { eventType: 'cursor_move' })]), { origin: shop }),
      },
      {
        name: 'a javascript: page URL',
        status: 400,
        code: 'validation_failed',
        send: () =>
          postEvents(app.baseUrl, body([makeEvent(shop, { pageUrl: 'javascript:alert(1)' })]), {
            origin: shop,
          }),
      },
      {
        name: 'an empty batch',
        status: 400,
        code: 'validation_failed',
        send: () => postEvents(app.baseUrl, body([]), { origin: shop }),
      },
      {
        name: 'no key and no session',
        status: 401,
        code: 'unauthorized',
        send: () => postEvents(app.baseUrl, { events: [makeEvent(shop)] }, { origin: shop }),
      },
    ];
    for (const { name, status, code, send } of cases) {
      it(name, async () => {
        const before = await countRawEvents(app);
        const response = await send();
        const answer = (await response.json()) as { message: string; code: string };
        expect(response.status, answer.message).toBe(status);
        expect(answer.code).toBe(code);
        expect(answer.message.length).toBeGreaterThan(5);
        expect(await countRawEvents(app)).toBe(before);
      });
    }

    it('an inactive website (403), until it is enabled again', async () => {
      const patch = (isActive: boolean) =>
        app.request(`/api/tracking-configurations/${site.id}`, {
          method: 'PATCH',
          cookie: owner,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ isActive }),
        });
      expect((await patch(false)).status).toBe(200);
      const before = await countRawEvents(app);
      const refused = await postEvents(app.baseUrl, body(), { origin: shop });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { code: string }).code).toBe('tracking_inactive');
      expect(refused.headers.get('access-control-allow-origin')).toBe(shop);
      expect(await countRawEvents(app)).toBe(before);
      expect((await patch(true)).status).toBe(200);
      expect((await postEvents(app.baseUrl, body(), { origin: shop })).status).toBe(200);
    });

    it('bots: answered 200 with nothing stored', async () => {
      const before = await countRawEvents(app);
      const response = await postEvents(app.baseUrl, body(), {
        origin: shop,
        userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ accepted: 0 });
      expect(await countRawEvents(app)).toBe(before);
    });
  });

  it('answers the CORS preflight only for a configured website origin', async () => {
    const preflight = (origin: string) =>
      fetch(`${app.baseUrl}/api/cursor-tracking/events`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    const allowed = await preflight(shop);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(shop);
    const foreign = await preflight('https://evil.example');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('limits a flooding site with 429 and Retry-After without affecting another site', async () => {
    const flooder = await addWebsite(app, owner, 'https://flood.example', 'Flood');
    const calm = await addWebsite(app, owner, 'https://calm.example', 'Calm');
    const batch = (config: TrackingConfiguration, origin: string) => ({
      trackingId: config.trackingId,
      apiKey: config.apiKey,
      events: Array.from({ length: 250 }, () =>
        makeEvent(origin, {
          pageUrl: `${origin}/`,
          elementSelector: undefined,
          offsetX: undefined,
          offsetY: undefined,
          documentHeight: undefined,
          documentWidth: undefined,
        }),
      ),
    });
    // Burst 1000 events at 50/s: four batches of 250 pass, the next ones are refused.
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 6; i++) {
      const response = await postEvents(app.baseUrl, batch(flooder, 'https://flood.example'), {
        origin: 'https://flood.example',
      });
      statuses.push(response.status);
      if (response.status === 429) {
        retryAfter = response.headers.get('retry-after');
        expect(((await response.json()) as { code: string }).code).toBe('rate_limited');
      } else await response.body?.cancel();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    const calmResponse = await postEvents(app.baseUrl, batch(calm, 'https://calm.example'), {
      origin: 'https://calm.example',
    });
    expect(calmResponse.status).toBe(200);
  });

  it('stores the dashboard’s own tracking for a signed-in user, and never shows it as a website', async () => {
    const response = await app.request('/api/cursor-tracking/events', {
      method: 'POST',
      cookie: owner,
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 Chrome/130' },
      body: JSON.stringify({
        events: [makeEvent(app.baseUrl, { sessionId: 'dash1', pageUrl: `${app.baseUrl}/cursor-tracking` })],
      }),
    });
    expect(response.status).toBe(200);
    const sessions = await get<TrackingSessionsResponse>('/api/cursor-tracking/sessions');
    expect(sessions.sessions.map((s) => s.sessionId)).toContain('dash1');
    const sites = await get<TrackingConfiguration[]>('/api/tracking-configurations');
    expect(sites.map((s) => s.websiteName)).toEqual(['Shop A', 'Flood', 'Calm']);
  });

  it('shows a second user none of the first user’s sites or events, and lets them change nothing', async () => {
    const other = await app.signIn('owner-b@example.com', 'Bob');
    expect(await get<TrackingConfiguration[]>('/api/tracking-configurations', other)).toEqual([]);
    const stats = await get<CursorStatistics>('/api/cursor-tracking/statistics', other);
    expect(stats).toEqual({
      totalSessions: 0,
      totalEvents: 0,
      averageSessionDuration: 0,
      clickThroughRate: 0,
      mostActivePages: [],
    });
    expect(await get<ClickStatistics>('/api/cursor-tracking/clicks', other)).toEqual({
      totalClicks: 0,
      uniqueElements: 0,
      clicksByElement: [],
    });
    expect((await get<HeatmapResponse>('/api/cursor-tracking/heatmap', other)).heatmapData).toEqual([]);
    expect((await get<TrackingSessionsResponse>('/api/cursor-tracking/sessions', other)).sessions).toEqual(
      [],
    );
    for (const path of ['statistics', 'clicks', 'heatmap', 'sessions']) {
      const response = await app.request(`/api/cursor-tracking/${path}?trackingId=${site.trackingId}`, {
        cookie: other,
      });
      expect(response.status).toBe(404);
    }
    const patch = await app.request(`/api/tracking-configurations/${site.id}`, {
      method: 'PATCH',
      cookie: other,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ isActive: false }),
    });
    expect(patch.status).toBe(404);
    const remove = await app.request(`/api/tracking-configurations/${site.id}`, {
      method: 'DELETE',
      cookie: other,
    });
    expect(remove.status).toBe(404);
    expect((await get<TrackingConfiguration[]>('/api/tracking-configurations')).map((s) => s.id)).toContain(
      site.id,
    );
  });

  it('requires sign-in for every read and validates new websites', async () => {
    for (const path of [
      '/api/tracking-configurations',
      '/api/cursor-tracking/statistics',
      '/api/cursor-tracking/heatmap',
    ]) {
      expect((await app.request(path)).status).toBe(401);
    }
    const bad = await app.request('/api/tracking-configurations', {
      method: 'POST',
      cookie: owner,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ websiteName: ' ', websiteUrl: 'not a url' }),
    });
    expect(bad.status).toBe(400);
  });

  it('deletes a website, and refuses its events at once (no cached configuration outlives it)', async () => {
    const doomed = await addWebsite(app, owner, 'https://doomed.example', 'Doomed');
    const post = () =>
      postEvents(
        app.baseUrl,
        {
          trackingId: doomed.trackingId,
          apiKey: doomed.apiKey,
          events: [makeEvent('https://doomed.example')],
        },
        { origin: 'https://doomed.example' },
      );
    expect((await post()).status).toBe(200);
    const response = await app.request(`/api/tracking-configurations/${doomed.id}`, {
      method: 'DELETE',
      cookie: owner,
    });
    expect(response.status).toBe(200);
    expect((await post()).status).toBe(401);
    const sites = await get<TrackingConfiguration[]>('/api/tracking-configurations');
    expect(sites.map((s) => s.id)).not.toContain(doomed.id);
  });

  it('serves the tracker script with cache headers', async () => {
    const response = await fetch(`${app.baseUrl}/tracker.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.headers.get('cache-control')).toContain('max-age=');
    expect(await response.text()).toContain('upside_sid');
  });
});
