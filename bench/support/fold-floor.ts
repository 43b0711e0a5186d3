/**
 * The parts of raw-first ingestion's floor (decision 201), shared by tracking-fold-floor.bench.ts,
 * which prints them one by one, and tracking-cpu-measures.bench.ts, which prints every CPU measure
 * of issue #43 side by side (decision 212): the database and the bench's own rows, the parts timed
 * per fold chunk, and the floor computed from them.
 */
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { bucketOfWidth, xBinOfSql, yBinOfSql } from '../../src/server/domain/tracking/bins-sql.ts';
import { foldStatement } from '../../src/server/domain/tracking/fold-statement.ts';
import { ensureEventPartition, utcDayOf } from '../../src/server/domain/tracking/partitions.ts';
import { pageKeyOf, X_BINS } from '../../src/server/domain/tracking/rollup.ts';
import {
  ELEMENTS_ON_CONFLICT,
  PAGES_ON_CONFLICT,
  SESSION_PAGES_ON_CONFLICT,
  SESSIONS_ON_CONFLICT,
} from '../../src/server/domain/tracking/rollup-statement.ts';
import { campaignOf } from '../../src/shared/campaign-url.ts';
import { createTrackingSite, createWorkspace } from '../../test/support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-database.ts';
import { copyTrackingEvents } from './copy-tracking-events.ts';
import { cpuSecondsOf } from './process-cpu.ts';
import { makeBodies, type Site } from './tracker-bodies.ts';

const SITES = 4;
/** Requests per site: 1,000 sessions in all, as tracking-ingest.bench.ts cycles them. */
const PER_SITE = 250;

const dialect = new PgDialect();

/** One fold chunk: the raw rows of [from, to) and their distinct page URLs. */
interface Chunk {
  from: string;
  to: string;
  urls: string[];
}

/** The chunk's raw rows with what every rollup reads: the same projection as the fold's `raw`. */
const rawRows = (chunk: Chunk): SQL => sql`SELECT e.workspace_id AS w, e.configuration_id AS c,
    e.session_id COLLATE "C" AS s, e.event_type AS t, e.page_url AS u,
    split_part(e.page_url, '?', 1) COLLATE "C" AS p, e.x, e.y, e.viewport_width AS vw, e.viewport_height AS vh,
    e.document_height AS dh, e.element_selector COLLATE "C" AS el, e.scroll_depth AS sd, e.client_time AS ct,
    e.received_at AS ra, e.referrer AS rf, e.visitor_id AS vi, e.ingested_at AS at,
    (e.received_at AT TIME ZONE 'UTC')::date AS day, ${bucketOfWidth(sql`e.viewport_width`)} AS v
  FROM tracking_events e
  WHERE e.ingested_at >= ${chunk.from}::timestamptz AND e.ingested_at < ${chunk.to}::timestamptz`;

const heatmapType = sql`r.t IN ('click', 'cursor_move', 'scroll')`;

/**
 * The parts timed per chunk. The rollups' page key is `split_part(url, '?', 1)` here (the fold joins
 * the app's `pageKeyOf` of each URL, a little dearer); each rollup reads the raw rows itself.
 */
const PARTS: { name: string; statement: (chunk: Chunk) => SQL }[] = [
  {
    name: 'scan: the raw rows read once, every column the rollups need, nothing written',
    statement: (chunk) => sql`SELECT count(*), max(r.u), max(r.s), sum(r.x), sum(r.y), max(r.ct), max(r.rf),
        max(r.vi), max(r.el), sum(r.sd), sum(r.vh), sum(r.dh), max(r.v), max(r.day)
      FROM (${rawRows(chunk)}) r`,
  },
  {
    name: 'scan + every rollup GROUP BY, nothing written',
    statement: (chunk) => sql`WITH raw AS MATERIALIZED (${rawRows(chunk)})
      SELECT (SELECT count(*) FROM (SELECT 1 FROM raw r GROUP BY r.c, r.p, r.day) g)
        + (SELECT count(*) FROM (SELECT 1 FROM raw r WHERE r.t = 'click' GROUP BY r.c, r.p, r.el, r.day) g)
        + (SELECT count(*) FROM (SELECT 1 FROM raw r WHERE ${heatmapType}
            GROUP BY r.c, r.p, r.v, r.t, ${xBinOfSql(sql`r.x`, sql`r.vw`)}, ${yBinOfSql(sql`r.y`)}) g)
        + (SELECT count(*) FROM (SELECT 1 FROM raw r GROUP BY r.c, r.p, r.day, r.v, r.s) g)
        + (SELECT count(*) FROM (SELECT (array_agg(r.u ORDER BY r.ct))[1] FROM raw r GROUP BY r.c, r.s) g)`,
  },
  {
    name: 'page counts: one GROUP BY, upsert',
    statement: (
      chunk,
    ) => sql`INSERT INTO tracking_page_counts AS t (workspace_id, configuration_id, page_url, day, event_count)
      SELECT r.w, r.c, r.p, r.day, count(*) FROM (${rawRows(chunk)}) r GROUP BY r.w, r.c, r.p, r.day
      ${PAGES_ON_CONFLICT}`,
  },
  {
    name: 'clicked elements: one GROUP BY of the clicks, upsert',
    statement: (
      chunk,
    ) => sql`INSERT INTO tracking_click_elements AS t (workspace_id, configuration_id, page_url, selector, day, count)
      SELECT r.w, r.c, r.p, r.el, r.day, count(*) FROM (${rawRows(chunk)}) r WHERE r.t = 'click' AND r.el <> ''
      GROUP BY r.w, r.c, r.p, r.el, r.day
      ${ELEMENTS_ON_CONFLICT}`,
  },
  {
    name: 'heatmap hour parts: cells grouped, one part per owner appended',
    statement: (
      chunk,
    ) => sql`INSERT INTO tracking_heatmap_hour_parts (workspace_id, configuration_id, page_url, hour,
        viewport_bucket, event_type, x_bins, y_bins, counts)
      SELECT o.w, o.c, o.p, o.hr, o.v, o.t, array_agg(o.xb::smallint), array_agg(o.yb), array_agg(o.n)
      FROM (SELECT r.w, r.c, r.p, date_trunc('hour', r.ra) AS hr, r.v, r.t, ${xBinOfSql(sql`r.x`, sql`r.vw`)} AS xb,
          ${yBinOfSql(sql`r.y`)} AS yb, count(*) AS n
        FROM (${rawRows(chunk)}) r WHERE ${heatmapType} GROUP BY 1, 2, 3, 4, 5, 6, 7, 8) o
      GROUP BY o.w, o.c, o.p, o.hr, o.v, o.t`,
  },
  {
    // One GROUP BY: each event its own (code, 1) pair (a reader sums repeated codes), the clicks in
    // the same pass; the fold counts a code once per chunk and orders the clicks.
    name: 'session pages: one GROUP BY, cells and clicks appended by the upsert',
    statement: (
      chunk,
    ) => sql`INSERT INTO tracking_session_pages AS t (workspace_id, configuration_id, page_url, day,
        viewport_bucket, session_id, viewport_height, scroll_depth, cells, clicks)
      SELECT r.w, r.c, r.p, r.day, r.v, r.s, max(r.vh), greatest(0, max(coalesce(r.sd, 0)))::smallint,
        coalesce(string_agg(int4send((CASE r.t WHEN 'click' THEN 1 WHEN 'cursor_move' THEN 0 ELSE 2 END) << 24
          | (${yBinOfSql(sql`r.y`)} * ${X_BINS}::int + ${xBinOfSql(sql`r.x`, sql`r.vw`)})) || int4send(1), ''::bytea)
          FILTER (WHERE ${heatmapType}), ''::bytea),
        coalesce(jsonb_agg(jsonb_build_array(r.ct, r.x, r.y, r.el, 0)) FILTER (WHERE r.t = 'click'), '[]'::jsonb)
      FROM (${rawRows(chunk)}) r GROUP BY r.w, r.c, r.p, r.day, r.v, r.s
      ${SESSION_PAGES_ON_CONFLICT}`,
  },
  {
    // The landing (URL, device, referrer) as the earliest event's, without the fold's page-view rule,
    // and no campaign columns: cheaper than what the fold must compute.
    name: 'sessions: one GROUP BY, one ordered aggregate for the landing, upsert',
    statement: (chunk) => sql`INSERT INTO tracking_sessions AS t (workspace_id, configuration_id, session_id,
        started_at, ended_at, event_count, click_count, last_page_url, last_page_at, first_received_at,
        last_received_at, landing_url, referrer, device, visitor_id)
      SELECT r.w, r.c, r.s, r.a, r.b, r.n, r.k, r.p, r.b, r.fr, r.lr, r.l[1][1], r.l[1][2], r.l[1][3], r.vi
      FROM (SELECT min(r.w::text)::uuid AS w, r.c, r.s, min(r.ct) AS a, max(r.ct) AS b, count(*) AS n,
          count(*) FILTER (WHERE r.t = 'click') AS k, max(r.p) AS p, min(r.ra) AS fr, max(r.ra) AS lr,
          min(r.vi) AS vi, array_agg(ARRAY[r.u, r.rf, r.v] ORDER BY r.ct) AS l
        FROM (${rawRows(chunk)}) r GROUP BY r.c, r.s) r
      ${SESSIONS_ON_CONFLICT}`,
  },
  {
    name: 'the fold statement as it is (fold-statement.ts, decision 193)',
    statement: (chunk) =>
      foldStatement(
        chunk,
        chunk.urls.map((u) => ({ u, k: pageKeyOf(u), ...campaignOf(u) })),
      ),
  },
];

/** Chunks of about `size` rows, each ending on a batch's stamp (a commit is never split, as in the fold). */
function chunksOf(stampFrom: number, sizes: number[], urls: string[][], size: number): Chunk[] {
  const chunks: Chunk[] = [];
  const at = (batch: number) => new Date(stampFrom + batch).toISOString();
  let first = 0;
  let rows = 0;
  for (let b = 0; b < sizes.length; b++) {
    rows += sizes[b]!;
    if (rows < size && b < sizes.length - 1) continue;
    chunks.push({ from: at(first), to: at(b + 1), urls: [...new Set(urls.slice(first, b + 1).flat())] });
    first = b + 1;
    rows = 0;
  }
  return chunks;
}

/** Runs `statement` on every chunk, each in a transaction rolled back; the backend's CPU seconds. */
async function timeChunks(client: pg.Client, backend: number, chunks: Chunk[], statement: (c: Chunk) => SQL) {
  const before = cpuSecondsOf(backend);
  for (const chunk of chunks) {
    await client.query('BEGIN');
    // As the fold's transaction sets them (fold-events.ts).
    await client.query(
      "SET LOCAL enable_bitmapscan = off; SET LOCAL enable_seqscan = off; SET LOCAL work_mem = '32MB'",
    );
    const query = dialect.sqlToQuery(statement(chunk));
    await client.query(query.sql, query.params);
    await client.query('ROLLBACK');
  }
  return cpuSecondsOf(backend) - before;
}

export const us = (seconds: number, rows: number) => (seconds * 1e6) / rows;

export type Batches = Parameters<typeof copyTrackingEvents>[1];

/** A fresh migrated database with the bench's sites and requests, and one connection to time parts on. */
interface FloorBench {
  url: string;
  testDatabase: TestDatabase;
  batches: Batches;
  /** Runs `round` of the floor: a COPY (a), a stamped COPY (a') and every part on its chunks. */
  round(rows: number, chunkRows: number, rotate: number): Promise<FloorRound>;
  close(): Promise<void>;
}

/** CPU seconds and rows per part of one round (names as PARTS', and COPY_BASELINE / COPY_STAMPED). */
export type FloorRound = Map<string, { seconds: number; rows: number }>;

export const COPY_BASELINE = "(a) raw COPY as tracking-ingest.bench.ts times it (the budget's 1x)";
const COPY_STAMPED = "(a') raw COPY as raw-first writes the rows (session fields, a stamp per batch)";

export async function openFloorBench(): Promise<FloorBench> {
  const testDatabase = await createTestDatabase();
  const { database, url } = testDatabase;
  if (!url) throw new Error('DATABASE_URL (PostgreSQL) is required');
  await migrateDatabase(database);
  await ensureEventPartition(database.db, utcDayOf(new Date()));
  const workspaceId = await createWorkspace(database.db);
  const sites: Site[] = [];
  for (let i = 0; i < SITES; i++) {
    const origin = `https://bench-shop-${i}.example`;
    const trackingId = `bench${i}`;
    sites.push({
      id: await createTrackingSite(database.db, { workspaceId, origin, trackingId }),
      trackingId,
      apiKey: 'k',
      origin,
    });
  }
  const bodies = makeBodies(sites, PER_SITE);
  const batches = bodies.map((body) => ({ configurationId: body.configurationId, events: body.payload }));
  const urlsOf = (count: number) =>
    Array.from({ length: count }, (_, b) => [
      ...new Set(bodies[b % bodies.length]!.payload.map((e) => e.pageUrl)),
    ]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const backend = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  let seeded = false;
  return {
    url,
    testDatabase,
    batches,
    async round(rows, chunkRows, rotate) {
      if (!seeded) {
        // Every session and page met once, committed: the parts meet them again, as the bench's folds do.
        const stampFrom = Date.now();
        const seed = await copyTrackingEvents(
          url,
          batches,
          bodies.reduce((n, b) => n + b.events, 0),
          stampFrom,
        );
        for (const chunk of chunksOf(stampFrom, seed.sizes, urlsOf(seed.sizes.length), chunkRows)) {
          const query = dialect.sqlToQuery(PARTS.at(-1)!.statement(chunk));
          await client.query(query.sql, query.params);
        }
        await client.query('VACUUM ANALYZE');
        seeded = true;
      }
      const totals: FloorRound = new Map();
      const baseline = await copyTrackingEvents(url, batches, rows);
      totals.set(COPY_BASELINE, { seconds: baseline.postgresCpuSeconds, rows: baseline.rows });
      const stampFrom = Date.now() + 60_000;
      const stamped = await copyTrackingEvents(url, batches, rows, stampFrom);
      totals.set(COPY_STAMPED, { seconds: stamped.postgresCpuSeconds, rows: stamped.rows });
      const chunks = chunksOf(stampFrom, stamped.sizes, urlsOf(stamped.sizes.length), chunkRows);
      for (let p = 0; p < PARTS.length; p++) {
        const part = PARTS[(p + rotate) % PARTS.length]!;
        totals.set(part.name, {
          seconds: await timeChunks(client, backend, chunks, part.statement),
          rows: stamped.rows,
        });
      }
      return totals;
    },
    async close() {
      await client.end();
      await testDatabase.drop();
    },
  };
}

/** Adds one round's figures to `into` (per part: seconds and rows summed). */
export function addRound(into: FloorRound, round: FloorRound): void {
  for (const [name, { seconds, rows }] of round) {
    const total = into.get(name) ?? { seconds: 0, rows: 0 };
    into.set(name, { seconds: total.seconds + seconds, rows: total.rows + rows });
  }
}

/**
 * The floor from a round's (or rounds') figures, in µs per event: (a), the scan, each rollup above
 * the scan; the fold's floor (d) = the scan + each rollup above it (what the fold statement itself
 * must do, decision 201's split measure); the ingestion's floor = (a) + the fold's floor.
 */
export function floorOf(totals: FloorRound) {
  const perEvent = (name: string) => {
    const total = totals.get(name)!;
    return us(total.seconds, total.rows);
  };
  const copy = perEvent(COPY_BASELINE);
  const scan = perEvent(PARTS[0]!.name);
  const rollups = PARTS.slice(2, -1).map((part) => Math.max(0, perEvent(part.name) - scan));
  const foldFloor = scan + rollups.reduce((sum, n) => sum + n, 0);
  return {
    perEvent,
    copy,
    copyStamped: perEvent(COPY_STAMPED),
    scan,
    rollups,
    foldFloor,
    floor: copy + foldFloor,
    fold: perEvent(PARTS.at(-1)!.name),
  };
}
