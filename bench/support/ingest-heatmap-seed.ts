/**
 * The heatmap half of bench/tracking-ingest.bench.ts: raw events written with SQL straight into the
 * day partitions (their cells and page counts computed in the same statement), one day checked
 * against the ingestion rollup, finished hours folded into tiles by the server's own fold, then
 * GET /api/cursor-tracking/heatmap timed for three views.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase } from '../../src/server/db/client.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import { ensureEventPartition, utcDayOf } from '../../src/server/domain/tracking/partitions.ts';
import { rollUpEvents } from '../../src/server/domain/tracking/rollup.ts';
import { FOLD_MARGIN_MS, foldHeatmapTiles } from '../../src/server/features/tracking/ingest/heatmap-fold.ts';
import type { CursorEvent } from '../../src/shared/contracts/cursor-tracking.ts';
import { load } from './load-average.ts';
import { ms, percentile } from './percentile.ts';

const HEATMAP_DAYS = 30;

/** The viewport bucket, column and row of rollup.ts, in SQL, for the seeded rows. */
const CELL_OF_ROW = sql`CASE WHEN vw <= 480 THEN 'mobile' WHEN vw <= 768 THEN 'tablet' WHEN vw <= 1024 THEN 'laptop'
    WHEN vw <= 1440 THEN 'desktop' ELSE 'wide' END AS v,
  LEAST(99, GREATEST(0, floor(x * 100.0 / vw)))::smallint AS xb, GREATEST(0, floor(y / 16.0))::int AS yb`;

/**
 * One day of raw events written with SQL: a third each of 375, 1280 and 1920 px viewports; clicks
 * and half the moves gaussian around 40 hotspots down a 3,000 px page, the other moves anywhere.
 * The cells and page counts are computed from the inserted rows in the same statement.
 */
function seedDay(
  workspaceId: string,
  configurationId: string,
  pageUrl: string,
  day: string,
  rows: number,
  seconds: number,
) {
  return sql`
    WITH raw AS (
      INSERT INTO tracking_events (workspace_id, configuration_id, session_id, event_type, page_url, x, y,
        viewport_width, viewport_height, client_time, received_at)
      SELECT ${workspaceId}::uuid, ${configurationId}::uuid, 's' || (g / 50), CASE WHEN g % 4 = 0 THEN 'click' ELSE 'cursor_move' END,
        ${pageUrl}, GREATEST(0, LEAST(vw - 1, CASE WHEN near
            THEN round(vw * ((h % 8) / 8.0 + 0.06) + 25 * sqrt(-2 * ln(random())) * cos(2 * pi() * random()))
            ELSE floor(random() * vw) END))::int,
        GREATEST(0, CASE WHEN near
            THEN round((h / 8) * 600 + 150 + 30 * sqrt(-2 * ln(random())) * cos(2 * pi() * random()))
            ELSE floor(random() * 3000) END)::int,
        vw, 800, ts, ts
      FROM (SELECT g, ((g % 40) * 7919) % 40 AS h, (ARRAY[375, 1280, 1920])[1 + g % 3] AS vw, g % 8 < 5 AS near,
              ${day}::timestamptz + (g % ${seconds}::int) * interval '1 second' AS ts
            FROM generate_series(1, ${rows}::int) AS g) AS s
      RETURNING event_type, x, y, viewport_width AS vw, received_at
    ), cells AS (
      INSERT INTO tracking_heatmap_hour_parts (workspace_id, configuration_id, page_url, hour, viewport_bucket,
        event_type, x_bins, y_bins, counts)
      SELECT ${workspaceId}::uuid, ${configurationId}::uuid, ${pageUrl}, hour, v, event_type,
        array_agg(xb), array_agg(yb), array_agg(n)
      FROM (SELECT hour, v, event_type, xb, yb, count(*) AS n
            FROM (SELECT event_type, date_trunc('hour', received_at) AS hour, ${CELL_OF_ROW} FROM raw) AS binned
            GROUP BY hour, v, event_type, xb, yb) AS cells
      GROUP BY hour, v, event_type
    )
    INSERT INTO tracking_page_counts (workspace_id, configuration_id, page_url, day, event_count)
    SELECT ${workspaceId}::uuid, ${configurationId}::uuid, ${pageUrl}, ${day}::date, count(*) FROM raw`;
}

/** The cells ingestion would write for one seeded day, from its raw rows through rollup.ts. */
async function checkSeededDay(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  configurationId: string,
  day: string,
) {
  const raw = await queryRows(
    db,
    z.object({ t: z.string(), x: z.number(), y: z.number(), vw: z.number(), s: z.string(), p: z.string() }),
    sql`SELECT event_type AS t, x, y, viewport_width AS vw, session_id AS s, page_url AS p FROM tracking_events
        WHERE configuration_id = ${configurationId}::uuid AND received_at >= ${day}::timestamptz
          AND received_at < ${day}::timestamptz + interval '1 day'`,
  );
  const events = raw.map(
    (row): CursorEvent => ({
      eventType: row.t as CursorEvent['eventType'],
      x: row.x,
      y: row.y,
      sessionId: row.s,
      pageUrl: row.p,
      timestamp: Date.parse(`${day}T12:00:00Z`),
      viewportWidth: row.vw,
      viewportHeight: 800,
    }),
  );
  const expected = new Map(
    rollUpEvents([{ configurationId, events }], day).cells.map(({ key, count }) => [
      `${key.viewportBucket}/${key.eventType}/${key.xBin}/${key.yBin}`,
      count,
    ]),
  );
  const stored = await queryRows(
    db,
    z.object({ k: z.string(), n: z.string() }),
    sql`SELECT viewport_bucket || '/' || event_type || '/' || x_bin || '/' || y_bin AS k, sum(count) AS n
        FROM tracking_heatmap_hour_cells WHERE configuration_id = ${configurationId}::uuid
          AND hour >= ${day}::timestamptz AND hour < ${day}::timestamptz + interval '1 day'
        GROUP BY viewport_bucket, event_type, x_bin, y_bin`,
  );
  const same =
    stored.length === expected.size && stored.every((row) => expected.get(row.k) === Number(row.n));
  console.log(
    `heatmap seed check: ${day} has ${stored.length} cells from ${raw.length} raw events; ` +
      `${same ? 'identical to' : 'DIFFERENT FROM'} the ingestion rollup of the same events`,
  );
}

export async function seedHeatmapData(
  databaseUrl: string,
  configurationId: string,
  pageUrl: string,
  rawEvents: number,
) {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, maxConnections: 2 });
  const db = database.db;
  const [owner] = await queryRows(
    db,
    z.object({ workspace_id: z.string() }),
    sql`SELECT workspace_id FROM tracking_configurations WHERE id = ${configurationId}::uuid`,
  );
  const workspaceId = owner!.workspace_id;
  const now = new Date();
  const days = Array.from({ length: HEATMAP_DAYS }, (_, i) =>
    utcDayOf(new Date(now.getTime() - (HEATMAP_DAYS - 1 - i) * 86_400_000)),
  );
  for (const day of days) await ensureEventPartition(db, day);
  const perDay = Math.ceil(rawEvents / days.length);
  // Received over each whole day, and today only until now (no traffic from the future).
  const secondsOf = (day: string) =>
    Math.max(1, Math.min(86_400, Math.floor((now.getTime() - Date.parse(`${day}T00:00:00Z`)) / 1000)));
  const started = performance.now();
  // Day by day, as the days would have arrived: while one day is written, the server's own fold
  // turns the previous one into tiles (it runs hourly in the background), so the hour cells only
  // ever hold about a day.
  let hourCells = 0;
  let foldSeconds = 0;
  let foldedBefore: Date | null = null;
  let folding: Promise<void> = Promise.resolve();
  for (const [i, day] of days.entries()) {
    await db.execute(seedDay(workspaceId, configurationId, pageUrl, day, perDay, secondsOf(day)));
    await folding;
    if (i === HEATMAP_DAYS - 3) await checkSeededDay(db, configurationId, day);
    const [dayCells] = await queryRows(
      db,
      z.object({ n: z.string() }),
      sql`SELECT count(*) AS n FROM tracking_heatmap_hour_cells WHERE configuration_id = ${configurationId}::uuid
          AND hour >= ${day}::timestamptz`,
    );
    hourCells += Number(dayCells?.n);
    const foldAt = new Date(
      Math.min(now.getTime(), Date.parse(`${day}T00:00:00Z`) + 86_400_000 + FOLD_MARGIN_MS),
    );
    const foldStarted = performance.now();
    folding = foldHeatmapTiles(db, foldAt).then((mark) => {
      foldedBefore = mark ?? foldedBefore;
      foldSeconds += (performance.now() - foldStarted) / 1000;
    });
  }
  await folding;
  const seeded = (performance.now() - started) / 1000;
  await db.execute(sql`VACUUM ANALYZE tracking_heatmap_hour_parts`);
  await db.execute(sql`VACUUM ANALYZE tracking_heatmap_tiles`);
  const [counts] = await queryRows(
    db,
    z.object({ raw: z.string(), live: z.string(), tiles: z.string(), bytes: z.string() }),
    sql`SELECT (SELECT count(*) FROM tracking_events WHERE configuration_id = ${configurationId}::uuid) AS raw,
      (SELECT count(*) FROM tracking_heatmap_hour_cells WHERE configuration_id = ${configurationId}::uuid) AS live,
      (SELECT count(*) FROM tracking_heatmap_tiles WHERE configuration_id = ${configurationId}::uuid) AS tiles,
      (SELECT sum(length(cells)) FROM tracking_heatmap_tiles WHERE configuration_id = ${configurationId}::uuid) AS bytes`,
  );
  console.log(
    `heatmap data: ${counts?.raw} raw events over ${HEATMAP_DAYS} days of one page -> ${hourCells} hour cells, ` +
      `seeded in ${seeded.toFixed(1)} s; folded before ${(foldedBefore as Date | null)?.toISOString()} in ${foldSeconds.toFixed(1)} s ` +
      `into ${counts?.tiles} tiles of ${(Number(counts?.bytes) / 1e6).toFixed(1)} MB, ${counts?.live} hour cells left`,
  );
  await database.close();
  return days;
}

export async function measureHeatmap(url: string, cookie: string, trackingId: string, days: string[]) {
  const views = [
    { name: 'default view (all viewports, clicks and moves, all days)', query: '' },
    {
      name: 'one viewport and event type (desktop clicks), all days',
      query: '&viewport=desktop&eventType=click',
    },
    {
      name: `last 30 days (${days[0]} to ${days.at(-1)}), all viewports, clicks and moves`,
      query: `&from=${days[0]}&to=${days.at(-1)}`,
    },
  ];
  for (const view of views) {
    const times: number[] = [];
    let first = Number.NaN;
    let points = 0;
    for (let i = 0; i < 25; i++) {
      const t0 = performance.now();
      const response = await fetch(
        `${url}/api/cursor-tracking/heatmap?trackingId=${trackingId}${view.query}`,
        {
          headers: { cookie },
        },
      );
      const body = (await response.json()) as { heatmapData?: unknown[] };
      if (i === 0) first = performance.now() - t0;
      if (i >= 5) times.push(performance.now() - t0); // the first requests warm caches
      points = body.heatmapData?.length ?? 0;
    }
    times.sort((a, b) => a - b);
    console.log(
      `heatmap query (HTTP), ${view.name}: p50 ${ms(percentile(times, 0.5))}, p95 ${ms(percentile(times, 0.95))}, ` +
        `max ${ms(times.at(-1) ?? Number.NaN)} over ${times.length} requests after 5 (the first took ${ms(first)}), ` +
        `${points} points; load average ${load()}`,
    );
  }
}
