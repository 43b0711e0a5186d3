import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAppCaches } from '../../src/server/caches.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { int8Number, queryRows } from '../../src/server/db/query-rows.ts';
import {
  foldEvents,
  foldPending,
  setReadersFoldFirst,
} from '../../src/server/domain/tracking/fold-events.ts';
import { createPartCounter } from '../../src/server/domain/tracking/hour-parts.ts';
import { listTrackingSessions } from '../../src/server/domain/tracking/read-cursor-tracking.ts';
import { createEventWriter } from '../../src/server/features/tracking/ingest/event-writer.ts';
import { getHeatmap } from '../../src/server/features/tracking/read-heatmap.ts';
import { freePort } from '../support/free-port.ts';
import { signInThroughDevProvider } from '../support/start-app.ts';
import { createMigratedTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { startUpsideProcess, stopProcess } from '../support/upside-process.ts';
import { addWebsite, createSiteDatabase, heatmapTotal, makeEvent, postEvents } from './ingest-helpers.ts';

const CountRow = z.object({ n: int8Number });
const KeyedCount = z.object({ k: z.string(), n: int8Number });
const rethrow = (error: unknown) => {
  throw error;
};

/**
 * The rollups recounted from the raw rows, and as stored, per key: page counts per site, page and
 * day; heatmap cells per site, page and hour; sessions' event and click counts. Equal when every
 * raw row was folded exactly once.
 */
async function recount(db: Parameters<typeof queryRows>[0]) {
  const keyed = async (query: ReturnType<typeof sql>) =>
    Object.fromEntries((await queryRows(db, KeyedCount, query)).map((row) => [row.k, row.n]));
  const pageKey = sql`regexp_replace(e.page_url, '[?#].*$', '')`;
  return {
    raw: {
      pages:
        await keyed(sql`SELECT e.configuration_id || ' ' || ${pageKey} || ' ' || (e.received_at AT TIME ZONE 'UTC')::date AS k,
          count(*) AS n FROM tracking_events e GROUP BY 1`),
      cells:
        await keyed(sql`SELECT e.configuration_id || ' ' || ${pageKey} || ' ' || date_trunc('hour', e.received_at AT TIME ZONE 'UTC') AS k,
          count(*) AS n FROM tracking_events e WHERE e.event_type IN ('click', 'cursor_move', 'scroll') GROUP BY 1`),
      sessions:
        await keyed(sql`SELECT e.configuration_id || ' ' || e.session_id || ' ' || count(*) FILTER (WHERE e.event_type = 'click') AS k,
          count(*) AS n FROM tracking_events e GROUP BY e.configuration_id, e.session_id`),
    },
    rolled: {
      pages:
        await keyed(sql`SELECT configuration_id || ' ' || page_url || ' ' || day AS k, sum(event_count) AS n
          FROM tracking_page_counts GROUP BY 1`),
      cells:
        await keyed(sql`SELECT configuration_id || ' ' || page_url || ' ' || date_trunc('hour', hour AT TIME ZONE 'UTC') AS k,
          sum(count) AS n FROM tracking_heatmap_hour_cells GROUP BY 1`),
      sessions:
        await keyed(sql`SELECT configuration_id || ' ' || session_id || ' ' || click_count AS k, event_count AS n
          FROM tracking_sessions`),
    },
  };
}

/**
 * Raw-first ingestion (TRACKING_RAW_FIRST, decision 125): a commit writes raw rows only, a fold
 * rolls them up from a watermark, readers fold first.
 */
describe('raw-first ingestion', () => {
  let testDb: TestDatabase;
  let workspaceId: string;
  let configurationId: string;
  const shop = 'https://raw-first.example';
  let now = new Date('2027-06-01T09:59:58Z');
  beforeAll(async () => {
    ({ testDb, workspaceId, configurationId } = await createSiteDatabase(shop, 'trk_raw'));
  });
  afterAll(async () => {
    await testDb?.drop();
  });
  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows(testDb.database.db, CountRow, query))[0]?.n ?? 0;
  const rawWriter = () =>
    createEventWriter(testDb.database.db, {
      clock: () => now,
      retentionDays: 30,
      rawFirst: true,
      onMaintenanceError: rethrow,
    });

  it('a write stores raw rows only, and a read right after it folds them in', async () => {
    const db = testDb.database.db;
    const writer = rawWriter();
    const sessionId = 'sess_read_after';
    const events = Array.from({ length: 25 }, (_, i) =>
      makeEvent(shop, { sessionId, x: (i * 41) % 1280, y: (i * 13) % 700 }),
    );
    events[0] = {
      ...events[0]!,
      eventType: 'page_view',
      referrer: 'https://search.example/?q=1',
      visitorId: 'v_1',
    };
    await writer.write({ workspaceId, configurationId, events });
    expect(await count(sql`SELECT count(*) AS n FROM tracking_events WHERE ingested_at IS NOT NULL`)).toBe(
      25,
    );
    // Nothing rolled up by the request.
    expect(await count(sql`SELECT count(*) AS n FROM tracking_sessions`)).toBe(0);
    expect(await count(sql`SELECT count(*) AS n FROM tracking_heatmap_hour_parts`)).toBe(0);

    const heatmap = await getHeatmap(db, createAppCaches().heatmapTiles, { workspaceId, eventType: 'click' });
    expect(heatmapTotal(heatmap)).toBe(24);
    const { sessions } = await listTrackingSessions(db, { workspaceId }, now);
    expect(sessions.find((s) => s.sessionId === sessionId)?.eventCount).toBe(25);
    const [start] = await queryRows(
      db,
      z.object({ referrer: z.string().nullable(), visitor_id: z.string().nullable() }),
      sql`SELECT referrer, visitor_id FROM tracking_sessions WHERE session_id = ${sessionId}`,
    );
    expect(start).toEqual({ referrer: 'https://search.example/', visitor_id: 'v_1' });
    // A second read finds nothing pending and changes nothing.
    expect(
      heatmapTotal(await getHeatmap(db, createAppCaches().heatmapTiles, { workspaceId, eventType: 'click' })),
    ).toBe(24);
    await writer.drain();
  });

  it('with TRACKING_RAW_FIRST off readers skip the look for pending rows; the scheduler still folds them', async () => {
    const db = testDb.database.db;
    // Rows a raw-first run left behind, read by a process that writes the rollups in the request.
    const writer = createEventWriter(db, {
      clock: () => now,
      retentionDays: 30,
      rawFirst: true,
      foldDelayMs: 600_000,
      onMaintenanceError: rethrow,
    });
    const sessionId = 'sess_switched_off';
    await writer.write({ workspaceId, configurationId, events: [makeEvent(shop, { sessionId })] });
    const sessionOf = async () =>
      (await listTrackingSessions(db, { workspaceId }, now)).sessions.find((s) => s.sessionId === sessionId);
    setReadersFoldFirst(db, false);
    try {
      expect(await sessionOf()).toBeUndefined();
      await foldPending(db);
      expect((await sessionOf())?.eventCount).toBe(1);
    } finally {
      setReadersFoldFirst(db, true);
    }
    await writer.drain();
  });

  it('two writers and concurrent folds across an hour: every raw row counted once', async () => {
    const db = testDb.database.db;
    const first = rawWriter();
    const second = rawWriter();
    let writing = true;
    const folds = (async () => {
      const partCounter = createPartCounter(3);
      let runs = 0;
      while (writing || runs === 0) {
        await foldEvents(db, { partCounter, chunkEvents: 50 });
        runs += 1;
      }
      return runs;
    })();
    const writes: Promise<void>[] = [];
    for (let k = 0; k < 40; k++) {
      // The clock crosses 10:00 halfway: rows of two hours and, with the earlier test, two days' keys.
      if (k === 20) now = new Date('2027-06-01T10:00:03Z');
      // One commit larger than a fold chunk (50 rows): folded whole, in a chunk of its own.
      const events = Array.from({ length: k === 10 ? 70 : 12 + (k % 5) }, (_, i) =>
        makeEvent(shop, {
          sessionId: `conc_${k % 7}`,
          eventType: (['click', 'cursor_move', 'scroll', 'page_view', 'dead_click'] as const)[(i + k) % 5],
          pageUrl: `${shop}/c${(i + k) % 4}`,
          x: (i * 53 + k) % 1280,
          y: (i * 29) % 2000,
        }),
      );
      writes.push((k % 2 ? first : second).write({ workspaceId, configurationId, events }));
      if (k % 5 === 0) await Promise.all(writes);
    }
    await Promise.all(writes);
    writing = false;
    expect(await folds).toBeGreaterThan(0);
    await Promise.all([first.drain(), second.drain()]);
    const { raw, rolled } = await recount(db);
    expect(Object.keys(raw.cells).length).toBeGreaterThan(4);
    expect(rolled).toEqual(raw);
  });
});

/**
 * A real server with TRACKING_RAW_FIRST=1, killed with SIGKILL while its fold is inside a chunk
 * (its fold lock held): after a restart and a read, every acknowledged event is in the rollups once.
 * PostgreSQL only: the test watches the fold's advisory lock from a connection of its own.
 */
describe.skipIf(!process.env.DATABASE_URL || process.env.TEST_DATABASE === 'pglite')(
  'raw-first fold killed',
  () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'upside-raw-first-'));
    let testDb: TestDatabase | undefined;
    const running: ChildProcess[] = [];
    afterAll(async () => {
      for (const child of running) await stopProcess(child, 'SIGKILL');
      await testDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const start = (env: Record<string, string>) =>
      startUpsideProcess(
        {
          NODE_ENV: 'development',
          DEMO: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          TRACKING_RAW_FIRST: '1',
          TRACKING_RATE_PER_SECOND: '1000000',
          TRACKING_RATE_BURST: '10000000',
          ...env,
        },
        { timeoutMs: 60_000 },
      );

    it('loses no acknowledged event and counts none twice', async () => {
      testDb = await createMigratedTestDatabase();
      const env = { DATA_DIR: dataDir, PORT: String(await freePort()), DATABASE_URL: testDb.url! };
      const watcher = await openDatabase({ kind: 'postgres', url: testDb.url!, maxConnections: 1 });
      try {
        const server = await start(env);
        running.push(server.process);
        const shop = 'https://killed-fold.example';
        const cookie = await signInThroughDevProvider(server.url, 'fold@example.com', 'Fay');
        const request = (path: string, init: RequestInit = {}) =>
          fetch(`${server.url}${path}`, {
            ...init,
            headers: { ...(init.headers as Record<string, string>), cookie, origin: server.url },
          });
        const site = await addWebsite({ request }, cookie, shop);
        // Batches sent ten at a time while a watcher waits for the fold's lock (fold-events.ts) to be
        // held by the server, i.e. for a fold inside a chunk's transaction, then SIGKILL.
        const perBatch = 150;
        const acknowledged: string[] = [];
        let killed = false;
        let refused = '';
        const send = async (i: number) => {
          const sessionId = `kill_${i}`;
          const events = Array.from({ length: perBatch }, (_, k) =>
            makeEvent(shop, {
              sessionId,
              x: k % 1280,
              y: (k * 7) % 3000,
            }),
          );
          const response = await postEvents(
            server.url,
            { trackingId: site.trackingId, apiKey: site.apiKey, events },
            { origin: shop },
          ).catch(() => null);
          if (response?.status === 200) acknowledged.push(sessionId);
          else if (response && !refused) refused = `${response.status} ${await response.text()}`;
        };
        const sending = (async () => {
          for (let i = 0; !killed && i < 4000; i += 10)
            await Promise.all(Array.from({ length: 10 }, (_, k) => send(i + k)));
        })();
        let inFold = false;
        const deadline = Date.now() + 60_000;
        while (!inFold && Date.now() < deadline) {
          const [row] = await queryRows(
            watcher.db,
            z.object({ held: z.boolean() }),
            sql`SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = 720423 AND granted) AS held`,
          );
          inFold = (row?.held ?? false) && acknowledged.length >= 50;
          if (!inFold) await new Promise((resolve) => setTimeout(resolve, 2));
        }
        killed = true;
        server.process.kill('SIGKILL');
        await sending;
        await stopProcess(server.process, 'SIGKILL');
        const [state] = await queryRows(
          watcher.db,
          z.object({ raw: z.string(), pending: z.string(), sessions: z.string() }),
          sql`SELECT (SELECT count(*) FROM tracking_events)::text AS raw,
          (SELECT count(*) FROM tracking_events WHERE ingested_at >= (SELECT folded_before FROM tracking_fold_watermark))::text AS pending,
          (SELECT count(*) FROM tracking_sessions)::text AS sessions`,
        );
        expect(inFold, `${acknowledged.length} acknowledged (${refused}), ${JSON.stringify(state)}`).toBe(
          true,
        );

        const restarted = await start({ ...env, PORT: String(await freePort()) });
        running.push(restarted.process);
        const cookie2 = await signInThroughDevProvider(restarted.url, 'fold@example.com', 'Fay');
        const response = await fetch(`${restarted.url}/api/cursor-tracking/sessions`, {
          headers: { cookie: cookie2 },
        });
        expect(response.status).toBe(200);
        const { raw, rolled } = await recount(watcher.db);
        const stored = new Map(Object.entries(rolled.sessions).map(([key, n]) => [key.split(' ')[1], n]));
        for (const sessionId of acknowledged) expect(stored.get(sessionId), sessionId).toBe(perBatch);
        expect(rolled).toEqual(raw);
        await stopProcess(restarted.process, 'SIGKILL');
      } finally {
        await watcher.close();
      }
    }, 300_000);
  },
);
