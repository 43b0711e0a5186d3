import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { type DemoEmulators, startDemoEmulators } from '../../src/demo/start-demo-emulators.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { freePort } from '../support/free-port.ts';
import { instancesEnv } from '../support/instances-env.ts';
import { describeWhen } from '../support/prerequisites.ts';
import { signInThroughDevProvider } from '../support/start-app.ts';
import { UNTHROTTLED_BUCKET } from '../support/start-demo-app.ts';
import { createMigratedTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { startUpsideProcess, stopProcess, type UpsideProcess } from '../support/upside-process.ts';

/**
 * Issue #18 item 4 and issue #43 item 3, as docs/several-instances.md describes it: two web tiers
 * (`upside start --no-worker`) on one PostgreSQL behind Debian's haproxy (round robin; `/oidc`, the
 * development identity provider, on one of them) and two job workers apart (`upside worker`). A
 * session made through one web tier is honoured by the other, the two workers share one Shopify
 * backfill without a duplicate or a gap while the web tiers run no job, and work both schedulers
 * queue (the hourly tracking maintenance) is queued once.
 */
const HAPROXY = '/usr/sbin/haproxy';

describeWhen(
  existsSync(HAPROXY) && Boolean(process.env.DATABASE_URL),
  `the two-instance test needs ${HAPROXY} (apt-get install haproxy) and DATABASE_URL (PostgreSQL)`,
)('two instances behind haproxy on one PostgreSQL', () => {
  let testDatabase: TestDatabase;
  let demo: DemoEmulators;
  let balancer: ChildProcess | undefined;
  let a: UpsideProcess | undefined;
  let b: UpsideProcess | undefined;
  let workers: UpsideProcess[] = [];
  let publicUrl: string;
  let owner: string;
  const configDir = mkdtempSync(join(tmpdir(), 'upside-haproxy-'));

  const request = (base: string, path: string, init: RequestInit & { cookie?: string } = {}) => {
    const { cookie, headers, ...rest } = init;
    const merged = new Headers(headers);
    if (cookie) merged.set('cookie', cookie);
    if (rest.method && rest.method !== 'GET') merged.set('origin', publicUrl);
    return fetch(`${base}${path}`, { ...rest, headers: merged, redirect: 'manual' });
  };

  beforeAll(async () => {
    // A copy of the run's migrated template (decision 182): the processes find the schema in place.
    testDatabase = await createMigratedTestDatabase();
    // 600 customers (a third of the small preset): the backfill's size is not what is tested (decision
    // 217), nor Shopify's cost limit (a bucket that never throttles, decision 222).
    demo = await startDemoEmulators({
      preset: 'small',
      seed: 18,
      customers: 600,
      shopifyBucket: UNTHROTTLED_BUCKET,
    });
    const [balancerPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
    publicUrl = `http://127.0.0.1:${balancerPort}`;
    const shared = instancesEnv({ databaseUrl: testDatabase.url!, publicUrl, demo });
    // One after the other (the database is migrated already; a start still takes the migration lock).
    const web = { command: ['start', '--no-worker'] };
    a = await startUpsideProcess({ ...shared, PORT: String(portA), DATA_DIR: join(configDir, 'a') }, web);
    b = await startUpsideProcess({ ...shared, PORT: String(portB), DATA_DIR: join(configDir, 'b') }, web);
    workers = await Promise.all(
      ['c', 'd'].map((name) =>
        startUpsideProcess(
          { ...shared, DATA_DIR: join(configDir, name) },
          { command: ['worker'], name: `worker ${name}`, ready: /Upside worker is running/ },
        ),
      ),
    );
    const config = join(configDir, 'haproxy.cfg');
    writeFileSync(
      config,
      [
        'global',
        '  maxconn 256',
        'defaults',
        '  mode http',
        '  timeout connect 5s',
        '  timeout client 120s',
        '  timeout server 120s',
        'frontend web',
        `  bind 127.0.0.1:${balancerPort}`,
        '  acl identity_provider path_beg /oidc',
        '  use_backend first if identity_provider',
        '  default_backend both',
        'backend both',
        '  balance roundrobin',
        `  server a 127.0.0.1:${portA}`,
        `  server b 127.0.0.1:${portB}`,
        'backend first',
        `  server a 127.0.0.1:${portA}`,
        '',
      ].join('\n'),
    );
    balancer = spawn(HAPROXY, ['-f', config, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
    for (let tries = 0; ; tries += 1) {
      const up = await fetch(`${publicUrl}/api/public/health`).catch(() => null);
      if (up?.status === 200) break;
      if (tries > 100) throw new Error('haproxy did not come up');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 420_000);

  afterAll(async () => {
    balancer?.kill('SIGTERM');
    await Promise.all([a, b, ...workers].map((instance) => stopProcess(instance?.process)));
    await demo?.close();
    await testDatabase?.drop();
    rmSync(configDir, { recursive: true, force: true });
  });

  it('honours a session made through one instance on the other', async () => {
    owner = await signInThroughDevProvider(publicUrl, 'owner@example.com', 'Olive');
    for (const instance of [a!, b!]) {
      const direct = await request(instance.url, '/api/auth/user', { cookie: owner });
      expect(direct.status, instance.url).toBe(200);
      expect(((await direct.json()) as { email: string }).email).toBe('owner@example.com');
    }
    const through = await Promise.all(
      Array.from({ length: 10 }, () => request(publicUrl, '/api/auth/user', { cookie: owner })),
    );
    expect(through.map((response) => response.status)).toEqual(Array(10).fill(200));
    // Signing out on one ends the session on both.
    const other = await signInThroughDevProvider(publicUrl, 'other@example.com', 'Otto');
    expect((await request(a!.url, '/api/logout', { method: 'POST', cookie: other })).status).toBe(302);
    expect((await request(b!.url, '/api/auth/user', { cookie: other })).status).toBe(401);
  }, 120_000);

  it('shares one Shopify backfill between both workers with no duplicate and no gap', async () => {
    const stored = await request(publicUrl, '/api/credentials/shopify', {
      method: 'POST',
      cookie: owner,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        shopDomain: demo.credentials.shopify.shopDomain,
        accessToken: demo.credentials.shopify.accessToken,
      }),
    });
    expect(stored.status, await stored.clone().text()).toBe(200);
    let state = '';
    for (let waited = 0; waited < 1200 && state !== 'succeeded'; waited += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const status = (await (await request(publicUrl, '/api/sync/status', { cookie: owner })).json()) as {
        sources: Array<{ source: string; state: string; error?: string | null }>;
      };
      const shopify = status.sources.find((source) => source.source === 'shopify');
      state = shopify?.state ?? '';
      expect(state, JSON.stringify(shopify)).not.toBe('failed');
    }
    expect(state).toBe('succeeded');
    const [counted] = await queryRows(
      testDatabase.database.db,
      z.object({ orders: z.number(), distinct_orders: z.number() }),
      sql`SELECT (SELECT count(*)::int FROM wh_orders) AS orders,
                 (SELECT count(DISTINCT order_id)::int FROM wh_orders) AS distinct_orders`,
    );
    expect(counted!.orders).toBe(demo.store.orders.count);
    expect(counted!.distinct_orders).toBe(counted!.orders);
    // The jobs ran on the workers (each logs the jobs it finishes), none on the web tiers.
    const succeeded = (instance: UpsideProcess) => (instance.output().match(/"job succeeded"/g) ?? []).length;
    expect(succeeded(a!) + succeeded(b!)).toBe(0);
    expect(workers.map(succeeded).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
  }, 360_000);

  it('queues the hourly tracking maintenance once although both schedulers tick', async () => {
    const [row] = await queryRows(
      testDatabase.database.db,
      z.object({ queued: z.number() }),
      sql`SELECT count(*)::int AS queued FROM jobs WHERE type = 'maintain-tracking'`,
    );
    expect(row!.queued).toBe(1);
  });
});
