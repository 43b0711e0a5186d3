import { existsSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, type MockInstance, vi } from 'vitest';
import { z } from 'zod';
import { openDatabase } from '../../src/server/db/client.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { runAnalysis } from '../../src/server/features/analysis/run-analysis.ts';
import { OWN_WRITE_COOKIE } from '../../src/server/http/read-replica-routing.ts';
import { addDays } from '../../src/shared/calendar.ts';
import { createOneLineOrder, createSyncedShop } from '../support/factories.ts';
import { describeWhen } from '../support/prerequisites.ts';
import { type ReplicatedPostgres, startReplicatedPostgres } from '../support/replicated-postgres.ts';
import { startTestApp, type TestApp } from '../support/start-app.ts';

/**
 * The read replica (issue #43 item 2, decision 126) on a real primary and streaming replica of
 * this machine's PostgreSQL: the heavy reads answer from the replica while it is within the
 * staleness limit (an older but consistent state), from the primary past it or when it is gone
 * (with a logged warning, never an error), and from the primary when the caller wrote after the
 * replica's replay position.
 */

const LIMIT_SECONDS = 2;
const today = new Date().toISOString().slice(0, 10);

let cluster: ReplicatedPostgres;
let app: TestApp;
let owner: string;
let workspaceId: string;
let warn: MockInstance;
let nextOrderId = 1;

const addOrder = (daysAgo: number) =>
  createOneLineOrder(app.db, {
    workspaceId,
    orderId: nextOrderId++,
    day: addDays(today, -daysAgo),
    minor: 1_000 * nextOrderId,
    currency: 'USD',
  });

async function exportedOrders(cookie = owner): Promise<number> {
  const response = await app.request('/api/export/orders.csv', { cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return (parse(await response.text(), { columns: true }) as unknown[]).length;
}

const warnings = () => warn.mock.calls.map((call) => String(call[1]));

/** A fresh commit replayed by the replica, then its replay paused: the replica's data stays as of now. */
async function pauseReplicaNow(): Promise<void> {
  await cluster.onReplica('SELECT pg_wal_replay_resume()');
  await app.db.execute(sql`UPDATE sync_states SET last_success_at = now()`);
  await cluster.caughtUp();
  await cluster.onReplica('SELECT pg_wal_replay_pause()');
  // The router reuses a look at the replica for 500 ms: the next read looks anew.
  await new Promise((resolve) => setTimeout(resolve, 600));
}

/** Clusters of this machine's PostgreSQL: the Debian tools, and root to run them. */
const canCreateClusters = existsSync('/usr/bin/pg_createcluster') && process.getuid?.() === 0;

describeWhen(canCreateClusters, 'pg_createcluster and root are needed to start a primary and a replica')(
  'a read replica (DATABASE_READ_URL)',
  () => {
    beforeAll(async () => {
      cluster = await startReplicatedPostgres();
      await cluster.onPrimary('CREATE DATABASE upside');
      const url = cluster.primaryUrl('upside');
      const database = await openDatabase({ kind: 'postgres', url, maxConnections: 5 });
      app = await startTestApp(
        {
          DATABASE_URL: url,
          DATABASE_READ_URL: cluster.replicaUrl('upside'),
          DATABASE_READ_MAX_LAG_SECONDS: String(LIMIT_SECONDS),
        },
        { database: { database, url, drop: () => database.close() } },
      );
      owner = await app.signIn('owner@example.com', 'Olive');
      const [workspace] = await queryRows(
        database.db,
        z.object({ id: z.string() }),
        sql`SELECT id FROM workspaces`,
      );
      workspaceId = String(workspace?.id);
      await createSyncedShop(app.db, { workspaceId, currency: 'USD', timeZone: 'UTC' });
      for (const daysAgo of [3, 2, 1]) await addOrder(daysAgo);
      await cluster.caughtUp();
      warn = vi.spyOn(app.server.deps.log, 'warn');
    }, 90_000);

    afterAll(async () => {
      await app?.close();
      await cluster?.remove();
    }, 60_000);

    it('serves the heavy reads from an up-to-date replica without a warning', async () => {
      expect(await exportedOrders()).toBe(3);
      const kpis = await app.request('/api/dashboard/kpis?period=7', { cookie: owner });
      expect(kpis.status).toBe(200);
      expect(await kpis.json()).toMatchObject({ hasData: true });
      expect((await app.request('/api/campaigns?period=7', { cookie: owner })).status).toBe(200);
      expect(warnings()).toEqual([]);
    });

    it('answers from the delayed replica within the limit, from the primary past it with a warning', async () => {
      await pauseReplicaNow();
      await addOrder(1); // a sync's write on the primary, not replayed
      // Within the limit: the replica's consistent older state (the new order is not there yet).
      expect(await exportedOrders()).toBe(3);
      expect(warnings()).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, LIMIT_SECONDS * 1000 + 600));
      expect(await exportedOrders()).toBe(4);
      expect(warnings().some((message) => /behind \(limit 2 s\)/.test(message))).toBe(true);
    });

    it("sends the caller's reads after its own write to the primary, others' to the replica", async () => {
      await pauseReplicaNow();
      warn.mockClear();
      await addOrder(1);
      // The caller writes (after the order): its mark is the primary's position past the order.
      const selected = await app.request(`/api/stores/${workspaceId}/select`, {
        method: 'POST',
        cookie: owner,
      });
      expect(selected.status).toBe(200);
      const mark = /upside_wal=([^;]+)/.exec(selected.headers.get('set-cookie') ?? '')?.[1];
      expect(mark).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
      expect(await exportedOrders(`${owner}; ${OWN_WRITE_COOKIE}=${mark}`)).toBe(5);
      expect(await exportedOrders(owner)).toBe(4);
      expect(warnings()).toEqual([]);
    });

    it('reads an analysis run’s facts on the replica once it replayed the run’s own refresh', async () => {
      await cluster.onReplica('SELECT pg_wal_replay_resume()');
      await cluster.caughtUp();
      warn.mockClear();
      const run = await runAnalysis(app.server.deps, workspaceId, 'test');
      expect(run.status, run.error ?? '').toBe('succeeded');
      expect(warnings()).toEqual([]);
    });

    it('falls back to the primary with a warning, not an error, when the replica is stopped', async () => {
      const before = await (await app.request('/api/dashboard/kpis?period=7', { cookie: owner })).json();
      await cluster.stopReplica();
      warn.mockClear();
      const after = await app.request('/api/dashboard/kpis?period=7', { cookie: owner });
      expect(after.status).toBe(200);
      expect(await after.json()).toEqual(before);
      expect(await exportedOrders()).toBe(5);
      expect(warnings().some((message) => /unreachable|failed during the read/.test(message))).toBe(true);
      const run = await runAnalysis(app.server.deps, workspaceId, 'test');
      expect(run.status, run.error ?? '').toBe('succeeded');
    });
  },
);
