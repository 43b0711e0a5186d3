import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/server/http/plugins/rate-limits.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';

/**
 * Issue #21 item 8: the endpoints anyone can reach without a session are limited per address and
 * answer 429 with Retry-After in our error envelope; a person signing in normally never meets it.
 * Each test starts its own server, so one test's requests never count against another's.
 */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
}, 120_000);

afterAll(async () => {
  await app?.close();
});

async function hammer(path: string, times: number): Promise<Response[]> {
  const responses: Response[] = [];
  for (let i = 0; i < times; i += 1) responses.push(await app.request(path));
  return responses;
}

describe('per-address rate limits', () => {
  it('lets a person sign in, then refuses the 60 rapid sign-in starts a script sends', async () => {
    const cookie = await app.signIn('owner@example.com', 'Olive');
    expect((await app.request('/api/auth/user', { cookie })).status).toBe(200);

    const responses = await hammer('/api/login', 60);
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 302).length).toBeGreaterThan(0);
    const refused = responses.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(60 - RATE_LIMITS.signIn.max);
    const first = refused[0]!;
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await first.json()).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many requests from this address\. Try again in /),
    });
    // The callback shares the figure but counts on its own.
    expect((await app.request('/api/callback?state=x')).status).toBe(400);
  });

  it('limits the public probes and the development identity provider too', async () => {
    const probes = await hammer('/api/public/config', RATE_LIMITS.publicProbe.max + 1);
    expect(probes.slice(0, -1).every((r) => r.status === 200)).toBe(true);
    expect(probes.at(-1)!.status).toBe(429);

    // The sign-in above already spent a few of the provider's requests.
    const provider = await hammer(
      '/oidc/.well-known/openid-configuration',
      RATE_LIMITS.identityProvider.max + 1,
    );
    const served = provider.filter((r) => r.status === 200).length;
    expect(served).toBeGreaterThan(RATE_LIMITS.identityProvider.max - 10);
    expect(served + provider.filter((r) => r.status === 429).length).toBe(provider.length);
    expect(provider.at(-1)!.status).toBe(429);
    expect(provider.at(-1)!.headers.get('retry-after')).not.toBeNull();
  });
});
