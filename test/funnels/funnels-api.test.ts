import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Funnel, FunnelReport, FunnelStepSessions } from '../../src/shared/contracts/funnels.ts';
import type { PixelEvent } from '../../src/shared/contracts/pixel-events.ts';
import type { TrackingConfiguration } from '../../src/shared/contracts/tracking-configurations.ts';
import { minorToDecimal, parseDecimalToMinor } from '../../src/shared/money.ts';
import { createOrder, createSyncedShop } from '../support/factories.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';
import { addWebsite, postEvents, workspaceOfSite } from '../tracking/ingest-helpers.ts';

const CHECKOUT = [
  'checkout_started',
  'checkout_contact_info_submitted',
  'checkout_address_info_submitted',
  'checkout_shipping_info_submitted',
  'payment_info_submitted',
  'checkout_completed',
] as const;

/**
 * Issue 40, funnels over real HTTP and PostgreSQL: checkout sessions are planted through the pixel
 * ingestion (each abandoning at a chosen step, a desktop or mobile viewport, some buying), and the
 * built-in checkout report and a saved funnel must equal what was planted, step by step, with the
 * revenue of the joined orders; bad funnel bodies are refused naming the field.
 */
describe('funnels API', () => {
  let app: TestApp;
  let owner: string;
  let site: TrackingConfiguration;
  let workspaceId: string;
  const shop = 'https://funnel-shop.example';
  const day = '2026-11-20';
  /** Session i reaches step `reach[i]` (1…6) of checkout; mobile when i is odd. */
  const reach = [6, 6, 6, 5, 4, 4, 3, 2, 1, 1, 6, 2];
  const orderValue = (i: number) => 1000 + i * 100;
  const unitCost = (i: number) => 400 + i * 10;
  /** Session 0's order is partly refunded (not restocked): its contribution loses the refund. */
  const refunded = 250;

  beforeAll(async () => {
    app = await startTestApp();
    owner = await app.signIn('funnel-owner@example.com', 'Fay');
    site = await addWebsite(app, owner, shop, 'Funnel shop');
    workspaceId = await workspaceOfSite(app.db, site.id);
    await createSyncedShop(app.db, { workspaceId, currency: 'USD', timeZone: 'UTC' });
    for (const [i, steps] of reach.entries()) {
      const start = Date.parse(`${day}T10:00:00Z`) + i * 3_600_000;
      const events: PixelEvent[] = [
        {
          id: `pv-${i}`,
          name: 'page_viewed',
          timestamp: new Date(start - 60_000).toISOString(),
          pageUrl: `${shop}/products/mug`,
          viewportWidth: i % 2 ? 390 : 1366,
        },
        ...CHECKOUT.slice(0, steps).map((name, s) => ({
          id: `ck-${i}-${s}`,
          name,
          timestamp: new Date(start + s * 30_000 * (i + 1)).toISOString(),
          pageUrl: `${shop}/checkouts/cn/${i}`,
          viewportWidth: i % 2 ? 390 : 1366,
          ...(name === 'checkout_completed' ? { orderId: String(5000 + i) } : {}),
        })),
      ];
      if (steps === 6) {
        await createOrder(app.db, {
          workspaceId,
          orderId: 5000 + i,
          orderDate: day,
          totalMinor: orderValue(i),
        });
        // One line at the order's value whose unit cost was frozen at the time of sale.
        await app.db.execute(sql`
          INSERT INTO wh_order_line_items (workspace_id, line_item_id, order_id, order_date, product_id, title,
            quantity, unit_price_minor, unit_cost_minor, cost_source, currency_code)
          VALUES (${workspaceId}, ${5000 + i}, ${5000 + i}, ${day}, 1, 'Mug', 1, ${orderValue(i)},
            ${unitCost(i)}, 'manual', 'USD')`);
      }
      // Sent newest first: arrival order must not matter.
      const response = await postEvents(app.baseUrl, {
        trackingId: site.trackingId,
        apiKey: site.apiKey,
        pixel: {
          clientId: `client-${i}`,
          consent: { analytics: true, marketing: false, preferences: false, saleOfData: false },
        },
        events: events.reverse(),
      });
      expect(response.status).toBe(200);
    }
    await app.db.execute(sql`
      INSERT INTO wh_refunds (workspace_id, refund_id, order_id, created_at, refund_date, amount_minor, currency_code)
      VALUES (${workspaceId}, 1, 5000, now(), ${day}, ${refunded}, 'USD')`);
    await app.db.execute(sql`
      INSERT INTO wh_refund_line_items (workspace_id, refund_id, line_item_id, order_id, refund_date, quantity,
        subtotal_minor, restocked)
      VALUES (${workspaceId}, 1, 5000, 5000, ${day}, 1, ${refunded}, false)`);
  });
  afterAll(async () => {
    await app?.close();
  });

  const report = async (path: string) => {
    const response = await app.request(path, { cookie: owner });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as FunnelReport;
  };
  const planted = (which: (i: number) => boolean) =>
    CHECKOUT.map((_, s) => reach.filter((r, i) => which(i) && r > s).length);

  it('the built-in checkout funnel equals the planted sessions at every step, with the orders revenue and contribution', async () => {
    const checkout = await report(`/api/funnels/checkout/report?from=${day}&to=${day}`);
    expect(checkout.steps.map((s) => s.name)).toEqual([...CHECKOUT]);
    expect(checkout.steps.map((s) => s.sessions)).toEqual(planted(() => true));
    expect(checkout.steps.map((s) => s.dropOff)).toEqual(
      planted(() => true).map((n, s, all) => (s === 0 ? 0 : all[s - 1]! - n)),
    );
    const bought = reach.flatMap((r, i) => (r === 6 ? [orderValue(i)] : []));
    const revenue = bought.reduce((a, b) => a + b, 0);
    expect(checkout.steps.at(-1)!.revenue).toBe(minorToDecimal(revenue, 2));
    expect(checkout.steps.at(-1)!.revenueShare).toBe(1);
    // Contribution margin: price − the frozen unit cost of each bought session's line, less the refund.
    const contribution =
      reach.reduce((sum, r, i) => (r === 6 ? sum + orderValue(i) - unitCost(i) : sum), 0) - refunded;
    expect(checkout.steps.map((s) => s.contribution)).toEqual(
      CHECKOUT.map(() => minorToDecimal(contribution, 2)),
    );
    expect(checkout.steps.at(-1)!.conversionRate).toBeCloseTo(bought.length / reach.length, 10);
    // Session i spends 30 s × (i + 1) per step: step 2's median over the sessions that got there.
    const gaps = reach.flatMap((r, i) => (r >= 2 ? [30 * (i + 1)] : [])).sort((a, b) => a - b);
    const mid = gaps.length / 2;
    expect(checkout.steps[1]!.medianSeconds).toBe(
      gaps.length % 2 ? gaps[Math.floor(mid)] : (gaps[mid - 1]! + gaps[mid]!) / 2,
    );
  });

  it('opens a step: its sessions, those that went no further and the pages they left from', async () => {
    const response = await app.request(`/api/funnels/checkout/steps/3/sessions?from=${day}&to=${day}`, {
      cookie: owner,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const drill = (await response.json()) as FunnelStepSessions;
    expect(drill).toMatchObject({ name: CHECKOUT[2], step: 3, currency: 'USD' });
    expect(drill.sessions).toBe(reach.filter((r) => r >= 3).length);
    const left = reach.flatMap((r, i) => (r === 3 ? [i] : []));
    expect(drill.leftHere).toBe(left.length);
    expect(drill.exitPages.reduce((sum, page) => sum + page.sessions, 0)).toBe(left.length);
    for (const page of drill.exitPages) expect(page.trackingId).toBe(site.trackingId);
    // Those that left here come first; the rest follow with the furthest step they passed.
    expect(drill.latest.slice(0, left.length).every((s) => s.furthestStep === 3)).toBe(true);
    expect(drill.latest.map((s) => s.furthestStep).sort()).toEqual(reach.filter((r) => r >= 3).sort());
    const paid = drill.latest.filter((s) => s.furthestStep === 6).map((s) => s.revenue);
    expect(paid.reduce((a, b) => a + parseDecimalToMinor(b, 2), 0)).toBe(
      reach.reduce((sum, r, i) => (r === 6 ? sum + orderValue(i) : sum), 0),
    );

    const past = await app.request(`/api/funnels/checkout/steps/7/sessions?from=${day}&to=${day}`, {
      cookie: owner,
    });
    expect(past.status).toBe(400);
    expect(((await past.json()) as { message: string }).message).toMatch(/^step: /);
    const zero = await app.request('/api/funnels/checkout/steps/0/sessions', { cookie: owner });
    expect(zero.status).toBe(400);
    expect(await zero.text()).toContain('step');
  });

  it('splits by device', async () => {
    const mobile = await report(`/api/funnels/checkout/report?from=${day}&to=${day}&device=mobile`);
    expect(mobile.steps.map((s) => s.sessions)).toEqual(planted((i) => i % 2 === 1));
    const desktop = await report(`/api/funnels/checkout/report?from=${day}&to=${day}&device=desktop`);
    expect(desktop.steps.map((s) => s.sessions)).toEqual(planted((i) => i % 2 === 0));
  });

  it('saves a funnel by URL and event and reports it', async () => {
    const created = await app.request('/api/funnels', {
      method: 'POST',
      cookie: owner,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Product to payment',
        steps: [
          { kind: 'url', value: '/products/*' },
          { kind: 'event', value: 'payment_info_submitted' },
        ],
        windowMinutes: 60,
      }),
    });
    expect(created.status).toBe(201);
    const funnel = (await created.json()) as Funnel;
    const custom = await report(`/api/funnels/${funnel.id}/report?from=${day}&to=${day}`);
    // Session i reaches payment 30 s × (i + 1) × 4 after starting checkout, 1 min after the product page.
    const within = reach.filter((r, i) => r >= 5 && 60 + 120 * (i + 1) <= 3600).length;
    expect(custom.steps.map((s) => s.sessions)).toEqual([reach.length, within]);
    const listed = (await (await app.request('/api/funnels', { cookie: owner })).json()) as Funnel[];
    expect(listed.map((f) => f.id)).toEqual([funnel.id]);
  });

  it('refuses bad funnels naming the field, and unknown funnels', async () => {
    const post = (body: unknown) =>
      app.request('/api/funnels', {
        method: 'POST',
        cookie: owner,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const noSteps = await post({ name: 'x', steps: [], windowMinutes: 10 });
    expect(noSteps.status).toBe(400);
    expect(await noSteps.text()).toContain('steps');
    const badKind = await post({ name: 'x', steps: [{ kind: 'css', value: 'a' }], windowMinutes: 10 });
    expect(badKind.status).toBe(400);
    expect(await badKind.text()).toContain('kind');
    const badWindow = await post({ name: 'x', steps: [{ kind: 'event', value: 'a' }], windowMinutes: 0 });
    expect(badWindow.status).toBe(400);
    expect(await badWindow.text()).toContain('windowMinutes');
    const unknown = await app.request('/api/funnels/00000000-0000-4000-8000-000000000000/report', {
      cookie: owner,
    });
    expect(unknown.status).toBe(404);
    const badRange = await app.request(`/api/funnels/checkout/report?from=${day}&to=2026-11-01`, {
      cookie: owner,
    });
    expect(badRange.status).toBe(400);
    const badSegment = await app.request(`/api/funnels/checkout/report?from=${day}&to=${day}&segment=Nope`, {
      cookie: owner,
    });
    expect(badSegment.status).toBe(400);
    expect(await badSegment.text()).toContain('segment');
  });
});
