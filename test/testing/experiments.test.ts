import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/start-app.ts';

/**
 * The A/B test API over real HTTP on a real database: create, read, edit and delete experiments
 * with their analysis; zod validation with readable 4xx messages; other workspaces see nothing.
 */
let app: TestApp;
let owner: string;
let other: string;

const json = { 'content-type': 'application/json' };
const send = (method: string, path: string, cookie: string, body?: unknown) =>
  app.request(path, {
    method,
    cookie,
    headers: body === undefined ? {} : json,
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const checkout = {
  name: 'One-page checkout',
  hypothesis: 'Fewer steps convert more visitors.',
  minimumDetectableEffect: 10,
  variants: [
    { name: 'Control', visitors: 1000, conversions: 200, revenue: '10000.5' },
    { name: 'One page', visitors: 1000, conversions: 250, revenue: '13100.25' },
  ],
};

beforeAll(async () => {
  app = await startTestApp();
  owner = await app.signIn('owner@example.com', 'Olive');
  other = await app.signIn('other@example.com', 'Otto');
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('experiments', () => {
  let id = '';

  it('starts empty and refuses callers without a session', async () => {
    expect(await (await send('GET', '/api/experiments', owner)).json()).toEqual([]);
    expect((await app.request('/api/experiments')).status).toBe(401);
    expect(
      (
        await app.request('/api/experiments', {
          method: 'POST',
          headers: json,
          body: JSON.stringify(checkout),
        })
      ).status,
    ).toBe(401);
  });

  it('creates an experiment and answers its analysis', async () => {
    const response = await send('POST', '/api/experiments', owner, checkout);
    expect(response.status).toBe(201);
    const created = await response.json();
    id = created.id;
    expect(created).toMatchObject({
      name: 'One-page checkout',
      currency: 'USD',
      minimumDetectableEffect: 10,
    });
    expect(created.variants[1]).toEqual({
      name: 'One page',
      visitors: 1000,
      conversions: 250,
      revenue: '13100.25',
    });
    // Written from exact minor units, in the currency's digits (decision 170).
    expect(created.variants[0].revenue).toBe('10000.50');
    expect(created.analysis.variants.map((v: { revenue: string }) => v.revenue)).toEqual([
      '10000.50',
      '13100.25',
    ]);
    const { analysis } = created;
    // 200/1000 vs 250/1000: z = 2.6774, p = 0.00742 (pooled two-proportion z-test, by hand).
    expect(analysis.comparisons[0].pValue).toBeCloseTo(0.00742, 5);
    expect(analysis.comparisons[0].lift).toBeCloseTo(0.25, 12);
    expect(analysis.comparisons[0].probabilityToBeatControl).toBeGreaterThan(0.99);
    // 10,000.50 / 1,000 visitors = 10.0005: an average, rounded once to the cent.
    expect(analysis.variants[0].revenuePerVisitor).toBe('10.00');
    expect(analysis.variants[1].revenuePerVisitor).toBe('13.10');
    expect(analysis.variants[0].rateLow).toBeLessThan(0.2);
    expect(analysis.verdict).toMatchObject({ status: 'winner', label: 'One page wins' });
    expect(analysis.verdict.rule).toMatch(/p-value is below 5 %/);
    expect(await (await send('GET', `/api/experiments/${id}`, owner)).json()).toEqual(created);
  });

  it('edits the counts later and re-analyses', async () => {
    const edited = {
      ...checkout,
      variants: [
        { name: 'Control', visitors: 150, conversions: 30, revenue: '0' },
        { name: 'One page', visitors: 150, conversions: 33 },
      ],
    };
    const response = await send('PUT', `/api/experiments/${id}`, owner, edited);
    expect(response.status).toBe(200);
    const updated = await response.json();
    // Revenue left out is 0 (an arm just started).
    expect(updated.variants.map((v: { revenue: string }) => v.revenue)).toEqual(['0.00', '0.00']);
    expect(updated.analysis.verdict.label).toBe('Not enough data yet');
    expect(updated.analysis.requiredVisitorsPerArm).toBeGreaterThan(6000);
    const list = await (await send('GET', '/api/experiments', owner)).json();
    expect(list.map((e: { id: string }) => e.id)).toEqual([id]);
  });

  it('rejects bad input with a clear 400 and keeps what was stored', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ ...checkout, name: '' }, /name is required/],
      [{ ...checkout, variants: [checkout.variants[0]] }, /control and at least one variant/],
      [
        {
          ...checkout,
          variants: [checkout.variants[0], { name: 'B', visitors: 10, conversions: 11, revenue: '0' }],
        },
        /variants\.1\.conversions: conversions cannot exceed visitors/,
      ],
      [
        { ...checkout, variants: [checkout.variants[0], { ...checkout.variants[0] }] },
        /variant names must differ/,
      ],
      [
        {
          ...checkout,
          variants: [checkout.variants[0], { name: 'B', visitors: 1.5, conversions: 0, revenue: '0' }],
        },
        /whole number/,
      ],
      [
        {
          ...checkout,
          variants: [checkout.variants[0], { name: 'B', visitors: 10, conversions: 1, revenue: '1.234' }],
        },
        /USD amounts have at most 2 decimals/,
      ],
      // A number is not an amount on the wire: the one dialect is the decimal string (decision 170).
      [
        {
          ...checkout,
          variants: [checkout.variants[0], { name: 'B', visitors: 10, conversions: 1, revenue: 12.5 }],
        },
        /variants\.1\.revenue/,
      ],
      [
        {
          ...checkout,
          variants: [checkout.variants[0], { name: 'B', visitors: 10, conversions: 1, revenue: '-5' }],
        },
        /revenue cannot be negative/,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await send('POST', '/api/experiments', owner, body);
      expect(response.status).toBe(400);
      const error = await response.json();
      expect(error.code).toBe('validation_failed');
      expect(error.message).toMatch(message);
    }
    expect((await send('PUT', `/api/experiments/${id}`, owner, { ...checkout, name: '' })).status).toBe(400);
    expect((await (await send('GET', `/api/experiments/${id}`, owner)).json()).variants[0].visitors).toBe(
      150,
    );
  });

  it('keeps experiments inside their workspace', async () => {
    expect(await (await send('GET', '/api/experiments', other)).json()).toEqual([]);
    expect((await send('GET', `/api/experiments/${id}`, other)).status).toBe(404);
    expect((await send('PUT', `/api/experiments/${id}`, other, checkout)).status).toBe(404);
    expect((await send('DELETE', `/api/experiments/${id}`, other)).status).toBe(404);
    expect((await send('GET', '/api/experiments/not-a-uuid', owner)).status).toBe(404);
    expect((await send('GET', `/api/experiments/${id}`, owner)).status).toBe(200);
  });

  it('deletes', async () => {
    expect((await send('DELETE', `/api/experiments/${id}`, owner)).status).toBe(200);
    expect((await send('GET', `/api/experiments/${id}`, owner)).status).toBe(404);
  });
});

describe('sample-size calculator', () => {
  it('answers the visitors per arm and the detectable effect', async () => {
    // R: power.prop.test(p1 = .5, p2 = .75, power = .9) => n = 76.7 per group.
    const plan = await (
      await send(
        'GET',
        '/api/experiments/sample-size?baselineRate=50&minimumDetectableEffect=50&power=90',
        owner,
      )
    ).json();
    expect(plan).toMatchObject({ requiredVisitorsPerVariant: 77, totalVisitors: 154, targetRate: 75 });
    // R: power.prop.test(n = 50, p1 = .5, power = .9) => p2 = 0.8026, a 60.5 % relative lift.
    const detectable = await (
      await send('GET', '/api/experiments/sample-size?baselineRate=50&visitorsPerVariant=50&power=90', owner)
    ).json();
    expect(detectable.detectableEffect).toBeCloseTo(60.5, 1);
  });

  it('rejects impossible inputs with a 400', async () => {
    const response = await send('GET', '/api/experiments/sample-size?baselineRate=150', owner);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/baselineRate must be below 100 %/);
  });
});
