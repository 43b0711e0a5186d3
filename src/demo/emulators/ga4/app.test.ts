import { createSign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoEmulators, startDemoEmulators } from '../../start-demo-emulators.ts';

let demo: DemoEmulators;
let serviceAccount: { client_email: string; private_key: string; token_uri: string };

beforeAll(async () => {
  demo = await startDemoEmulators({ preset: 'small', seed: 42 });
  serviceAccount = JSON.parse(demo.credentials.ga4.serviceAccountJson) as typeof serviceAccount;
});
afterAll(async () => {
  await demo.close();
});

function signJwt(claims: Record<string, unknown>, privateKey = serviceAccount.private_key): string {
  const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(privateKey).toString('base64url');
  return `${unsigned}.${signature}`;
}

function assertion(overrides: Record<string, unknown> = {}): string {
  const iat = Math.floor(Date.now() / 1000);
  return signJwt({
    iss: serviceAccount.client_email,
    scope: 'https://www.googleapis.com/auth/analytics.readonly',
    aud: serviceAccount.token_uri,
    iat,
    exp: iat + 3600,
    ...overrides,
  });
}

async function exchange(jwt: string) {
  const response = await fetch(serviceAccount.token_uri, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: jwt,
    }).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function report(
  body: unknown,
  token: string,
  property = demo.credentials.ga4.propertyId,
  method = 'runReport',
) {
  const response = await fetch(`${demo.baseUrls.ga4}/v1beta/properties/${property}:${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('GA4 emulator: contract §2', () => {
  let token: string;

  it('exchanges an RS256 assertion whose aud is the token_uri for a bearer token', async () => {
    expect(serviceAccount.token_uri).toBe(`${demo.baseUrls.ga4}/token`);
    const ok = await exchange(assertion());
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ token_type: 'Bearer', expires_in: 3599 });
    token = ok.body.access_token as string;
    const wrongAud = await exchange(assertion({ aud: 'https://oauth2.googleapis.com/token' }));
    expect(wrongAud.status).toBe(400);
    expect(wrongAud.body.error).toBe('invalid_grant');
    const tampered = assertion().replace(/\.[^.]+$/, '.AAAA');
    expect((await exchange(tampered)).body.error_description).toBe('Invalid JWT Signature.');
    const expired = await exchange(assertion({ iat: 1_000_000, exp: 1_003_600 }));
    expect(expired.status).toBe(400);
  });

  it('runs a report with string metric values, headers, totals, rowCount and property quota', async () => {
    const { status, body } = await report(
      {
        dateRanges: [{ startDate: '2026-10-01', endDate: '2026-10-31' }],
        dimensions: [{ name: 'date' }, { name: 'sessionDefaultChannelGroup' }],
        metrics: [
          { name: 'sessions' },
          { name: 'totalRevenue' },
          { name: 'bounceRate' },
          { name: 'keyEvents' },
        ],
        metricAggregations: ['TOTAL'],
        orderBys: [{ dimension: { dimensionName: 'date' } }],
        limit: '20',
        returnPropertyQuota: true,
      },
      token,
    );
    expect(status).toBe(200);
    expect(body.dimensionHeaders).toEqual([{ name: 'date' }, { name: 'sessionDefaultChannelGroup' }]);
    expect(body.metricHeaders).toEqual([
      { name: 'sessions', type: 'TYPE_INTEGER' },
      { name: 'totalRevenue', type: 'TYPE_CURRENCY' },
      { name: 'bounceRate', type: 'TYPE_FLOAT' },
      { name: 'keyEvents', type: 'TYPE_FLOAT' },
    ]);
    const rows = body.rows as { dimensionValues: { value: string }[]; metricValues: { value: string }[] }[];
    expect(rows).toHaveLength(20);
    expect(rows[0]!.dimensionValues[0]!.value).toBe('20261001');
    for (const row of rows) for (const m of row.metricValues) expect(typeof m.value).toBe('string');
    expect(body.rowCount as number).toBeGreaterThan(20);
    const totals = body.totals as {
      dimensionValues: { value: string }[];
      metricValues: { value: string }[];
    }[];
    expect(totals[0]!.dimensionValues[0]!.value).toBe('RESERVED_TOTAL');
    expect(body.propertyQuota).toHaveProperty('tokensPerHour.remaining');
    expect(body.metadata).toMatchObject({ currencyCode: 'USD', timeZone: 'America/New_York' });
    expect(body.kind).toBe('analyticsData#runReport');
  });

  it('sees fewer purchases than the store has orders, and sessions ≥ purchases', async () => {
    const { body } = await report(
      {
        dateRanges: [{ startDate: demo.store.config.startDate, endDate: 'today' }],
        metrics: [{ name: 'sessions' }, { name: 'conversions' }],
      },
      token,
    );
    const values = (body.rows as { metricValues: { value: string }[] }[])[0]!.metricValues.map((v) =>
      Number(v.value),
    );
    expect((body.metricHeaders as { name: string }[])[1]!.name).toBe('conversions');
    const storeOrders = demo.groundTruth.ga4.storeOrders;
    expect(values[1]).toBeLessThan(storeOrders);
    expect(values[1]).toBeGreaterThan(storeOrders * 0.7);
    expect(values[0]).toBeGreaterThan(values[1]! * 10);
  });

  it('answers google.rpc.Status errors: unknown metric, bad date, foreign property, bad token', async () => {
    const unknown = await report(
      { dateRanges: [{ startDate: '7daysAgo', endDate: 'today' }], metrics: [{ name: 'revenuez' }] },
      token,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect((unknown.body.error as { message: string }).message).toMatch(/revenuez is not a valid metric/);
    const badDate = await report(
      { dateRanges: [{ startDate: '2026-02-30', endDate: 'today' }], metrics: [{ name: 'sessions' }] },
      token,
    );
    expect(badDate.status).toBe(400);
    const foreign = await report(
      { dateRanges: [{ startDate: '7daysAgo', endDate: 'today' }], metrics: [{ name: 'sessions' }] },
      token,
      '499999999',
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
    const anonymous = await report(
      { dateRanges: [{ startDate: '7daysAgo', endDate: 'today' }], metrics: [{ name: 'sessions' }] },
      'ya29.nope',
    );
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toMatchObject({ status: 'UNAUTHENTICATED' });
  });

  it('runs batchRunReports and empty reports without rows', async () => {
    const { status, body } = await report(
      {
        requests: [
          {
            dateRanges: [{ startDate: 'yesterday', endDate: 'yesterday' }],
            dimensions: [{ name: 'pagePath' }],
            metrics: [{ name: 'screenPageViews' }],
          },
          {
            dateRanges: [{ startDate: '2020-01-01', endDate: '2020-01-02' }],
            metrics: [{ name: 'sessions' }],
          },
        ],
      },
      token,
      undefined,
      'batchRunReports',
    );
    expect(status).toBe(200);
    const reports = body.reports as Record<string, unknown>[];
    expect(reports).toHaveLength(2);
    expect((reports[0]!.rows as unknown[]).length).toBeGreaterThan(0);
    expect(reports[1]!.rows).toBeUndefined();
    expect(body.kind).toBe('analyticsData#batchRunReports');
  });

  it('accepts a self-signed service-account JWT as the bearer token', async () => {
    const iat = Math.floor(Date.now() / 1000);
    const selfSigned = signJwt({
      iss: serviceAccount.client_email,
      sub: serviceAccount.client_email,
      scope: 'https://www.googleapis.com/auth/analytics.readonly',
      iat,
      exp: iat + 3600,
    });
    const { status } = await report(
      { dateRanges: [{ startDate: '7daysAgo', endDate: 'today' }], metrics: [{ name: 'sessions' }] },
      selfSigned,
    );
    expect(status).toBe(200);
  });

  it('exhausts the quota under throttling pressure and fails with 503 under the error knob', async () => {
    const body = {
      dateRanges: [{ startDate: '7daysAgo', endDate: 'today' }],
      metrics: [{ name: 'sessions' }],
    };
    demo.emulators.ga4.faults.set({ throttlePressure: 1 });
    try {
      const throttled = await report(body, token);
      expect(throttled.status).toBe(429);
      expect(throttled.body.error).toMatchObject({ status: 'RESOURCE_EXHAUSTED' });
    } finally {
      demo.emulators.ga4.faults.reset();
    }
    demo.emulators.ga4.faults.set({ errorRate: 1 });
    try {
      const failed = await report(body, token);
      expect(failed.status).toBe(503);
      expect(failed.body.error).toMatchObject({ status: 'UNAVAILABLE' });
    } finally {
      demo.emulators.ga4.faults.reset();
    }
  });
});
