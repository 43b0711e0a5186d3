import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { z } from 'zod';
import { type DemoEmulators, startDemoEmulators } from '../../src/demo/start-demo-emulators.ts';
import { int8Number, queryRows, type RowSchema } from '../../src/server/db/query-rows.ts';
import { freePort } from '../support/free-port.ts';
import { startHoldingSmtpServer } from '../support/holding-smtp-server.ts';
import { instancesEnv } from '../support/instances-env.ts';
import { signInThroughDevProvider } from '../support/start-app.ts';
import { UNTHROTTLED_BUCKET } from '../support/start-demo-app.ts';
import { createMigratedTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { startUpsideProcess, stopProcess, type UpsideProcess } from '../support/upside-process.ts';

/**
 * The world of kill-and-restart.test.ts (decisions 217, 222, 233): a migrated database, the small
 * demo store cut to 600 customers behind its emulators (Shopify never throttles; its latency is the
 * scenarios' lever), an SMTP server that can hold an answer, and real `upside start` processes A and
 * B on that one database with JOB_LEASE_SECONDS=5; the owner and a second user signed in. What the
 * scenarios share: starting, killing and restarting an instance, waiting on jobs in the database,
 * and the two kill scenarios (a backfill, a digest send) each test puts its checks around.
 */

const LEASE_SECONDS = 5;
/**
 * Every Shopify answer delayed this long until the kill: a committed page of 250 orders still
 * leaves ≥ 6 pages to go, each waiting on its refund-detail queries (3 or so of them), when the
 * kill lands ~20 ms after the first page is seen (decision 222: was 300 ms, most of it spent on the
 * 12 product pages before the orders).
 */
const BACKFILL_LATENCY_MS = 100;
/**
 * Every Shopify answer delayed this long once the backfill's first page is committed, until the
 * kill: the backfill holds there (≥ 6 pages of several requests to go) while a scenario puts a
 * second piece of work in flight on the same process, to be cut by the same kill (decision 233).
 */
const HOLD_LATENCY_MS = 2_000;
/** How often the scenarios look at a job, a delivery or a recalculation they wait for. */
export const POLL_MS = 100;

export interface Instance extends UpsideProcess {
  name: string;
  env: Record<string, string>;
}

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  // The process prints PUBLIC_URL (A's, shared by both): each instance is reached at its own port.
  return { ...(await startUpsideProcess(env, { name })), url: `http://${env.HOST}:${env.PORT}`, name, env };
}

export const killHard = (instance: Instance | undefined) => stopProcess(instance?.process, 'SIGKILL');
export const stopGracefully = (instance: Instance | undefined) => stopProcess(instance?.process);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The harness's state and helpers, for one describe's hooks and tests (they run in order). */
export function killHarness() {
  let testDatabase: TestDatabase;
  let demo: DemoEmulators;
  let smtp: Awaited<ReturnType<typeof startHoldingSmtpServer>>;
  const instances = new Map<string, Instance>();
  const matrix: { scenario: string; result: string }[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'upside-kill-'));
  let owner: string;
  let second: string;
  let publicUrl: string;
  /** The instance killed in the first scenario: down while the one-instance scenarios run. */
  let parked: Instance | undefined;
  /** The name of the instance that survived the first scenario: the one-instance scenarios' server. */
  let alone = 'A';
  const aloneInstance = () => instances.get(alone)!;
  /** Cursor-event batches sent to the first scenario's worker until it was killed. */
  const events = { perBatch: 30, sent: 0, acknowledged: [] as string[] };

  const rows = <Schema extends RowSchema>(schema: Schema, query: SQL) =>
    queryRows(testDatabase.database.db, schema, query);
  const one = async <Schema extends RowSchema>(schema: Schema, query: SQL) => (await rows(schema, query))[0]!;

  const call = (base: string, path: string, init: RequestInit & { cookie?: string } = {}) => {
    const { cookie, headers, ...rest } = init;
    const merged = new Headers(headers);
    if (cookie) merged.set('cookie', cookie);
    if (rest.method && rest.method !== 'GET') merged.set('origin', publicUrl);
    if (rest.body) merged.set('content-type', 'application/json');
    return fetch(`${base}${path}`, { ...rest, headers: merged, redirect: 'manual' });
  };

  const start = async (name: string, env: Record<string, string>) => {
    const instance = await startInstance(name, env);
    instances.set(name, instance);
    return instance;
  };
  const restart = async (instance: Instance) => start(instance.name, instance.env);

  /** The instance whose worker holds the running job of `type`, once `ready` says so. */
  const waitForRunning = async (type: string, ready: () => Promise<boolean> = async () => true) => {
    for (let waited = 0; waited < 6000; waited += 1) {
      const running = await rows(
        z.object({ id: int8Number, locked_by: z.string() }),
        sql`SELECT id, locked_by FROM jobs WHERE type = ${type} AND status = 'running'`,
      );
      if (running.length > 0 && (await ready())) {
        const pid = Number(running[0]!.locked_by.split(':').at(-2));
        const instance = [...instances.values()].find((candidate) => candidate.process.pid === pid);
        if (instance) return { jobId: running[0]!.id, instance };
      }
      await sleep(20);
    }
    throw new Error(`no ${type} job started`);
  };

  /** Waits until no job of `type` is running or due (work other scenarios queued). */
  const waitUntilNoJob = async (type: string) => {
    for (let waited = 0; waited < 3000; waited += 1) {
      const live = await one(
        z.object({ n: z.number() }),
        sql`SELECT count(*)::int AS n FROM jobs
          WHERE type = ${type} AND (status = 'running' OR (status = 'pending' AND run_at <= now()))`,
      );
      if (live.n === 0) return;
      await sleep(POLL_MS);
    }
    throw new Error(`${type} jobs still due or running after 5 minutes`);
  };

  const waitForJob = async (jobId: number) => {
    for (let waited = 0; waited < 3000; waited += 1) {
      const job = await one(
        z.object({ status: z.string(), attempts: z.number(), last_error: z.string().nullable() }),
        sql`SELECT status, attempts, last_error FROM jobs WHERE id = ${jobId}`,
      );
      if (job.status === 'succeeded' || job.status === 'failed') return job;
      await sleep(POLL_MS);
    }
    throw new Error(`job ${jobId} did not finish`);
  };

  const workspaceOf = async (email: string) =>
    (
      await one(
        z.object({ workspace_id: z.string() }),
        sql`SELECT w.id AS workspace_id FROM workspaces w JOIN team_members m ON m.team_id = w.team_id JOIN users u ON u.id = m.user_id WHERE u.email = ${email}`,
      )
    ).workspace_id;

  /** Orders and lines of a workspace against the emulator's: total, distinct, expected. */
  const countOrders = async (workspaceId: string) => {
    const counted = await one(
      z.object({
        orders: z.number(),
        distinct_orders: z.number(),
        lines: z.number(),
        distinct_lines: z.number(),
      }),
      sql`SELECT (SELECT count(*)::int FROM wh_orders WHERE workspace_id = ${workspaceId}) AS orders,
                 (SELECT count(DISTINCT order_id)::int FROM wh_orders WHERE workspace_id = ${workspaceId}) AS distinct_orders,
                 (SELECT count(*)::int FROM wh_order_line_items WHERE workspace_id = ${workspaceId}) AS lines,
                 (SELECT count(DISTINCT line_item_id)::int FROM wh_order_line_items WHERE workspace_id = ${workspaceId}) AS distinct_lines`,
    );
    return counted;
  };
  let expectedLines = 0;

  const connectShopify = async (base: string, cookie: string) => {
    const stored = await call(base, '/api/credentials/shopify', {
      method: 'POST',
      cookie,
      body: JSON.stringify({
        shopDomain: demo.credentials.shopify.shopDomain,
        accessToken: demo.credentials.shopify.accessToken,
      }),
    });
    expect(stored.status, await stored.clone().text()).toBe(200);
  };

  /**
   * Kills the backfill's worker after its first committed page, then checks the finished warehouse.
   * With `whileHeld`, the backfill is held at that page (HOLD_LATENCY_MS) while `whileHeld` puts
   * more work in flight on the worker's process, which the same kill cuts. Returns the killed
   * instance (restarted when no other instance runs).
   */
  const backfillScenario = async (
    scenario: string,
    email: string,
    cookie: string,
    via: Instance,
    whileHeld?: (worker: Instance) => Promise<void>,
  ) => {
    const workspaceId = await workspaceOf(email);
    demo.emulators.shopify.faults.set({ latencyMs: BACKFILL_LATENCY_MS });
    await connectShopify(via.url, cookie);
    const { jobId, instance } = await waitForRunning(
      'sync-shopify',
      async () => (await countOrders(workspaceId)).orders > 0,
    );
    if (whileHeld) {
      demo.emulators.shopify.faults.set({ latencyMs: HOLD_LATENCY_MS });
      await whileHeld(instance);
    }
    await killHard(instance);
    const atKill = (await countOrders(workspaceId)).orders;
    demo.emulators.shopify.faults.set({ latencyMs: 0 });
    const survivor = [...instances.values()].find(
      (other) => other !== instance && other.process.exitCode === null,
    );
    // With a survivor, the killed instance stays down: the survivor finishes the job.
    const restarted = survivor ? null : await restart(instance);
    const job = await waitForJob(jobId);
    const counted = await countOrders(workspaceId);
    matrix.push({
      scenario,
      result: `killed ${instance.name} at ${atKill}/${demo.store.orders.count} orders; ${
        restarted ? 'restarted, it' : 'the other instance'
      } finished: job ${job.status} after ${job.attempts} attempts, ${counted.orders} orders (${counted.distinct_orders} distinct), ${counted.lines} lines (${counted.distinct_lines} distinct) of ${expectedLines}`,
    });
    expect(atKill).toBeLessThan(demo.store.orders.count);
    expect(job.status).toBe('succeeded');
    expect(counted).toEqual({
      orders: demo.store.orders.count,
      distinct_orders: demo.store.orders.count,
      lines: expectedLines,
      distinct_lines: expectedLines,
    });
    return { killed: instance, survivor };
  };

  /**
   * A test digest sent through `victim`, which is killed while the SMTP server holds the answer to
   * the digest's DATA (and, with `whileHeld`, once that has put more work in flight on `victim`);
   * then `recover` (a restart, or nothing when another instance runs) and the safety-net job
   * reclaims the stale claim. The owner must receive the digest exactly once.
   */
  const digestKillScenario = async (
    scenario: string,
    victim: Instance,
    recover: () => Promise<unknown>,
    whileHeld?: () => Promise<void>,
  ) => {
    const workspaceId = await workspaceOf('owner@example.com');
    const latestTestDelivery = async () =>
      (
        await rows(
          z.object({ id: z.string() }),
          sql`SELECT id::text AS id FROM notification_deliveries WHERE workspace_id = ${workspaceId}
              AND source LIKE 'test:%' ORDER BY created_at DESC LIMIT 1`,
        )
      )[0]?.id;
    const before = await latestTestDelivery();
    // Held long enough for `whileHeld` to start its work; the kill ends the hold.
    smtp.holdMs = whileHeld ? 20_000 : 3_000;
    const sending = call(victim.url, '/api/notifications/digests/test', {
      method: 'POST',
      cookie: owner,
    }).catch(() => null);
    // Our Message-ID is <delivery id@mail domain>: the delivery, not its subject, identifies a send
    // (a scheduled digest of the same day has the same subject).
    let messageId: string | undefined;
    for (let waited = 0; !messageId; waited += 1) {
      if (waited > 3000) throw new Error('the digest never reached the SMTP server');
      const id = await latestTestDelivery();
      messageId =
        id && id !== before ? smtp.arrived.find((arrived) => arrived.startsWith(`<${id}@`)) : undefined;
      await sleep(10);
    }
    await whileHeld?.();
    await killHard(victim);
    await sending;
    smtp.holdMs = 0;
    await recover();
    let delivery = { status: '', attempts: 0 };
    for (let waited = 0; waited < 2400; waited += 1) {
      delivery = await one(
        z.object({ status: z.string(), attempts: z.number() }),
        sql`SELECT status, attempts FROM notification_deliveries WHERE workspace_id = ${workspaceId}
            AND source LIKE 'test:%' ORDER BY created_at DESC LIMIT 1`,
      );
      if (delivery.status === 'sent' || delivery.status === 'failed') break;
      await sleep(POLL_MS);
    }
    const received = smtp.accepted.get(`owner@example.com|${messageId}`) ?? 0;
    matrix.push({
      scenario,
      result: `delivery ${delivery.status} after ${delivery.attempts} attempts; owner@example.com received ${messageId} ${received} time(s)`,
    });
    expect(delivery.status).toBe('sent');
    expect(received).toBe(1);
  };

  /** The database, the demo store's emulators, the SMTP server, instances A and B, two users signed in. */
  const setUp = async () => {
    testDatabase = await createMigratedTestDatabase();
    // A bucket that never throttles: the latency fault alone keeps the backfill running at the kill.
    demo = await startDemoEmulators({
      preset: 'small',
      seed: 19,
      customers: 600,
      shopifyBucket: UNTHROTTLED_BUCKET,
    });
    for (let index = 0; index < demo.store.orders.count; index += 1)
      expectedLines += demo.store.getOrder(index).lineItems.length;
    smtp = await startHoldingSmtpServer();
    const [portA, portB] = [await freePort(), await freePort()];
    publicUrl = `http://127.0.0.1:${portA}`;
    const shared = {
      ...instancesEnv({ databaseUrl: testDatabase.url!, publicUrl, demo }),
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      // The safety net of a cut "send test" runs once the cut send's claim is stale (a minute in production).
      NOTIFICATION_SEND_GRACE_SECONDS: String(LEASE_SECONDS + 1),
      // Steps of a few days, so a recalculation can be killed between its committed steps.
      COST_RECALCULATION_STEP_LINES: '40',
      // Pages of 250 orders: the backfill is killed after its first committed page with several to go.
      SHOPIFY_BACKFILL_PAGE_ORDERS: '250',
      SMTP_URL: smtp.url,
    };
    await start('A', { ...shared, PORT: String(portA), DATA_DIR: join(dataDir, 'a') });
    await start('B', { ...shared, PORT: String(portB), DATA_DIR: join(dataDir, 'b') });
    owner = await signInThroughDevProvider(publicUrl, 'owner@example.com', 'Olive');
    // Signed in while A runs (the sign-in ends on PUBLIC_URL): the one-instance scenarios may run on B.
    second = await signInThroughDevProvider(publicUrl, 'second@example.com', 'Sam');
  };

  /** Prints the matrix, kills every instance, stops the emulators and SMTP server, drops the database. */
  const tearDown = async () => {
    console.log(
      `kill -9 matrix (JOB_LEASE_SECONDS=${LEASE_SECONDS}):\n${matrix
        .map((row) => `  ${row.scenario.padEnd(44)} → ${row.result}`)
        .join('\n')}`,
    );
    for (const instance of instances.values()) await killHard(instance);
    await demo?.close();
    await smtp?.close();
    await testDatabase?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  return {
    setUp,
    tearDown,
    instances,
    matrix,
    events,
    get testDatabase() {
      return testDatabase;
    },
    get demo() {
      return demo;
    },
    get smtp() {
      return smtp;
    },
    get owner() {
      return owner;
    },
    get second() {
      return second;
    },
    get publicUrl() {
      return publicUrl;
    },
    get parked() {
      return parked;
    },
    set parked(instance: Instance | undefined) {
      parked = instance;
    },
    get alone() {
      return alone;
    },
    set alone(name: string) {
      alone = name;
    },
    aloneInstance,
    rows,
    one,
    call,
    restart,
    waitForRunning,
    waitUntilNoJob,
    waitForJob,
    workspaceOf,
    backfillScenario,
    digestKillScenario,
  };
}
