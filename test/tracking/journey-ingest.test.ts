import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { foldFirst } from '../../src/server/domain/tracking/fold-events.ts';
import type { TrackingConfiguration } from '../../src/shared/contracts/tracking-configurations.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { addWebsite, countRawEvents, postEvents } from './ingest-helpers.ts';

const SessionRow = z.record(z.string(), z.string().nullable());

const RawRow = z.object({
  page_url: z.string(),
  event_type: z.string(),
  element_selector: z.string().nullable(),
});

const QueryRow = z.object({ viewport_width: z.number(), viewport_height: z.number() });

const LeakRow = z.object({ n: z.string() });

/**
 * Issue 16's ingestion over real HTTP: a session's start (landing page, campaign parameters,
 * referrer, visitor, cart token, device) lands on its session row; spec-shaped events without
 * viewport fields are accepted into the documented default bucket; query strings keep only UTM
 * parameters and click ids; nothing of the request's IP is stored; bad session fields get a 400
 * naming the field and store nothing.
 */
describe('first-party journey ingestion', () => {
  let app: TestApp;
  let site: TrackingConfiguration;
  const shop = 'https://shop-j.example';
  const post = (events: unknown[]) =>
    postEvents(app.baseUrl, { trackingId: site.trackingId, apiKey: site.apiKey, events }, { origin: shop });
  // Read as every reader of the sessions does, folding the raw rows first (decision 125).
  const sessionRow = async (sessionId: string) => {
    await foldFirst(app.db);
    return (
      await queryRows(
        app.db,
        SessionRow,
        sql`SELECT visitor_id, landing_url, referrer, utm_source, utm_medium, utm_campaign, utm_content, utm_term,
          fbclid, gclid, ttclid, msclkid, device, checkout_token, email_hash, event_count::text
          FROM tracking_sessions WHERE session_id = ${sessionId}`,
      )
    )[0];
  };

  beforeAll(async () => {
    app = await startTestApp();
    const owner = await app.signIn('journeys@example.com', 'Jo');
    site = await addWebsite(app, owner, shop, 'Shop J');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('stores the session start once, from the landing page view, and tags the session with visitor and cart', async () => {
    const t = 1_800_000_000_000;
    const landing = `${shop}/products/mug?utm_source=facebook&utm_medium=paid_social&utm_campaign=fall&email=a%40b.c&fbclid=FB1#reset=tok`;
    const first = await post([
      // The click arrives in the same batch but the page view is the landing page.
      {
        eventType: 'click',
        x: 10,
        y: 20,
        sessionId: 'j1',
        pageUrl: `${shop}/products/mug`,
        timestamp: t + 500,
        viewportWidth: 390,
        viewportHeight: 844,
        elementSelector: '#buy',
        visitorId: 'vis1',
      },
      {
        eventType: 'page_view',
        x: 0,
        y: 0,
        sessionId: 'j1',
        pageUrl: landing,
        timestamp: t,
        viewportWidth: 390,
        viewportHeight: 844,
        referrer: 'https://l.facebook.com/l.php?u=x',
        visitorId: 'vis1',
      },
      {
        eventType: 'dead_click',
        x: 10,
        y: 20,
        sessionId: 'j1',
        pageUrl: `${shop}/products/mug`,
        timestamp: t + 3000,
        viewportWidth: 390,
        viewportHeight: 844,
        elementSelector: '#buy',
        visitorId: 'vis1',
      },
    ]);
    expect(first.status).toBe(200);
    // A later batch: another landing-like page and the cart token; the start does not move.
    const later = await post([
      {
        eventType: 'page_view',
        x: 0,
        y: 0,
        sessionId: 'j1',
        pageUrl: `${shop}/?utm_source=google&gclid=G`,
        timestamp: t + 9000,
        viewportWidth: 1400,
        viewportHeight: 900,
        referrer: '',
        visitorId: 'vis1',
        cartToken: 'c1-abc',
        emailHash: 'ab'.repeat(32),
      },
    ]);
    expect(later.status).toBe(200);
    expect(await sessionRow('j1')).toEqual({
      visitor_id: 'vis1',
      landing_url: `${shop}/products/mug?utm_source=facebook&utm_medium=paid_social&utm_campaign=fall&fbclid=FB1`,
      referrer: 'https://l.facebook.com/l.php',
      utm_source: 'facebook',
      utm_medium: 'paid_social',
      utm_campaign: 'fall',
      utm_content: null,
      utm_term: null,
      fbclid: 'FB1',
      gclid: null,
      ttclid: null,
      msclkid: null,
      device: 'mobile',
      checkout_token: 'c1-abc',
      email_hash: 'ab'.repeat(32),
      event_count: '4',
    });
    const raw = await queryRows(
      app.db,
      RawRow,
      sql`SELECT page_url, event_type, element_selector FROM tracking_events WHERE session_id = 'j1' ORDER BY client_time`,
    );
    expect(raw.map((r) => r.event_type)).toEqual(['page_view', 'click', 'dead_click', 'page_view']);
    expect(raw[2]!.element_selector).toBe('#buy');
    expect(raw.map((r) => r.page_url).join(' ')).not.toMatch(/email|reset|a%40b/);
  });

  it('accepts spec-shaped events without viewport fields into the default 1280 × 800 desktop bucket', async () => {
    const response = await post([
      {
        eventType: 'click',
        x: 640,
        y: 300,
        sessionId: 'spec1',
        pageUrl: `${shop}/`,
        timestamp: 1_800_000_100_000,
        elementSelector: 'main>a',
      },
      {
        eventType: 'cursor_move',
        x: 10,
        y: 10,
        sessionId: 'spec1',
        pageUrl: `${shop}/`,
        timestamp: '2027-01-15T08:00:00Z',
      },
    ]);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ accepted: 2 });
    const rows = await queryRows(
      app.db,
      QueryRow,
      sql`SELECT viewport_width, viewport_height FROM tracking_events WHERE session_id = 'spec1'`,
    );
    expect(rows).toEqual([
      { viewport_width: 1280, viewport_height: 800 },
      { viewport_width: 1280, viewport_height: 800 },
    ]);
    expect((await sessionRow('spec1'))?.device).toBe('desktop');
  });

  it('accepts an unknown visitor or session into its own session, and stores no IP address', async () => {
    const response = await post([
      {
        eventType: 'click',
        x: 1,
        y: 1,
        sessionId: 'never-seen',
        visitorId: 'never-seen-visitor',
        pageUrl: `${shop}/`,
        timestamp: 1_800_000_200_000,
        viewportWidth: 800,
        viewportHeight: 600,
      },
    ]);
    expect(response.status).toBe(200);
    expect(await sessionRow('never-seen')).toMatchObject({
      visitor_id: 'never-seen-visitor',
      device: 'laptop',
      event_count: '1',
    });
    const leaks = await queryRows(
      app.db,
      LeakRow,
      sql`SELECT (SELECT count(*) FROM tracking_sessions s WHERE s::text ~ '127\\.0\\.0\\.1|::1')
        + (SELECT count(*) FROM tracking_events e WHERE e::text ~ '127\\.0\\.0\\.1|::1') AS n`,
    );
    expect(Number(leaks[0]!.n)).toBe(0);
  });

  const base = {
    eventType: 'click',
    x: 1,
    y: 1,
    sessionId: 'bad1',
    pageUrl: `${shop}/`,
    timestamp: 1_800_000_300_000,
  };
  for (const [field, event] of [
    ['visitorId', { ...base, visitorId: 'has spaces' }],
    ['emailHash', { ...base, emailHash: 'ana@example.com' }],
    ['cartToken', { ...base, cartToken: '<script>' }],
    ['referrer', { ...base, referrer: 'x'.repeat(3000) }],
    ['viewportWidth', { ...base, viewportWidth: 0 }],
    ['elementSelector', { ...base, eventType: 'scroll', elementSelector: '#a' }],
  ] as const) {
    it(`answers 400 naming ${field} and stores nothing`, async () => {
      const before = await countRawEvents(app);
      const response = await post([event]);
      const answer = (await response.json()) as { code: string; message: string };
      expect(response.status).toBe(400);
      expect(answer.message).toContain(`events.0.${field}`);
      expect(await countRawEvents(app)).toBe(before);
    });
  }
});
