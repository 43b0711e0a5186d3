import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAppCaches } from '../../src/server/caches.ts';
import { int8Number, queryRows } from '../../src/server/db/query-rows.ts';
import { utcDayOf } from '../../src/server/domain/tracking/partitions.ts';
import { pageKeyOf, xCentreOf, yCentreOf } from '../../src/server/domain/tracking/rollup.ts';
import { createEventWriter } from '../../src/server/features/tracking/ingest/event-writer.ts';
import { getHeatmap } from '../../src/server/features/tracking/read-heatmap.ts';
import { DAY_MS } from '../../src/shared/calendar.ts';
import { type HeatmapQuery, VIEWPORT_BUCKETS } from '../../src/shared/contracts/cursor-tracking.ts';
import { type ChdbSession, chdbInstalled, openChdbSession } from '../support/chdb.ts';
import { createTrackingSite, createWorkspace } from '../support/factories.ts';
import type { TestDatabase } from '../support/test-database.ts';
import { createSiteDatabase, makeEvent } from './ingest-helpers.ts';

/**
 * The path past one PostgreSQL (issue #43 item 4, decision 216): docs/scaling.md proposes that a
 * ClickHouse `MergeTree` table take the raw events and gives its schema and the event queries. This
 * runs that block, as the document prints it, on chDB (embedded ClickHouse) over the raw rows the
 * raw-first writer stored in PostgreSQL, and holds its answers to the product's: the heatmap read's
 * cells under each filter, and the page counts per UTC day the fold keeps. A definition that drifts
 * on either side (binning, the page key, a bucket's bounds, the day of receipt) fails it.
 *
 * chDB is 543 MB and comes from `tools/clickhouse`'s own lockfile, not the app's: `.ci/run` installs
 * it, so in CI (CI=true) a missing install fails here; elsewhere the file is skipped until
 * `npm ci --prefix tools/clickhouse` has run.
 */

const STATEMENTS = (() => {
  const doc = readFileSync(join(import.meta.dirname, '../../docs/scaling.md'), 'utf8');
  const block = /A column store for the raw events[\s\S]*?```sql\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/scaling.md: the column store section has no sql block');
  const statements = block
    .split(/;\s*\n/)
    .map((text) => text.replace(/^ {3}/gm, '').trim())
    .filter(Boolean);
  const named = (comment: string) => {
    const found = statements.find((text) => text.startsWith(`-- ${comment}`));
    if (!found) throw new Error(`docs/scaling.md: no statement under "-- ${comment}"`);
    return found;
  };
  const create = statements.find((text) => text.startsWith('CREATE TABLE tracking_events'));
  if (!create) throw new Error('docs/scaling.md: no CREATE TABLE tracking_events');
  return { create, cells: named('heatmap cells'), days: named('events per page') };
})();

type Range = Partial<Pick<HeatmapQuery, 'eventType' | 'viewport' | 'from' | 'to' | 'page'>>;
type Cell = { x: number; y: number; count: number };

const RawRow = z.object({
  workspace_id: z.string(),
  configuration_id: z.string(),
  session_id: z.string(),
  event_type: z.string(),
  page_url: z.string(),
  x: z.number(),
  y: z.number(),
  viewport_width: z.number(),
  viewport_height: z.number(),
  document_width: z.number().nullable(),
  document_height: z.number().nullable(),
  element_selector: z.string().nullable(),
  scroll_depth: z.number().nullable(),
  client_time: z.string(),
  received_at: z.string(),
});
const PageDayRow = z.object({ page_url: z.string(), day: z.string(), event_count: int8Number });
const ClickHouseCell = z.object({ x_bin: z.number(), y_bin: z.number(), count: z.coerce.number() });
const ClickHouseDay = z.object({ page_key: z.string(), day: z.string(), events: z.coerce.number() });

const byCell = (a: Cell, b: Cell) => a.y - b.y || a.x - b.x;
const dayOf = (ms: number) => utcDayOf(new Date(ms));
/** A UTC instant as ClickHouse's DateTime64(3, 'UTC') text reads it. */
const instant = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

describe.skipIf(!chdbInstalled() && !process.env.CI)(
  'the ClickHouse event queries of docs/scaling.md',
  () => {
    let testDb: TestDatabase;
    let chdb: ChdbSession;
    let workspaceId: string;
    let configurationId: string;
    const shop = 'https://columns.example';
    const page = `${shop}/products`;
    // Three recent UTC days (a MergeTree TTL of 90 days must not drop them), at hours inside each day.
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const days = [today - 3 * DAY_MS, today - 2 * DAY_MS, today - DAY_MS];

    const burst = (seed: number, n = 60) =>
      Array.from({ length: n }, (_, i) =>
        makeEvent(shop, {
          eventType: i % 3 === 0 ? 'cursor_move' : i % 7 === 6 ? 'scroll' : 'click',
          sessionId: `sess_${seed}_${i % 4}`,
          // Some beyond the viewport's width (the last column) and some at its very edge.
          x: i % 13 === 0 ? [375, 800, 1280, 1600][(i + seed) % 4]! : (i * 97 + seed * 31) % 1700,
          y: (i * 53 + seed * 7) % 2400,
          // Every bucket, with widths at a bucket's bounds.
          viewportWidth: [375, 480, 481, 800, 1024, 1280, 1440, 1441, 1600][(i + seed) % 9]!,
          // Query strings and fragments count for the page itself.
          pageUrl: i % 5 === 0 ? `${page}?utm_source=x#top` : i % 11 === 10 ? `${shop}/cart` : page,
        }),
      );

    beforeAll(async () => {
      const session = openChdbSession();
      if (!session)
        throw new Error('chDB is not installed: run `npm ci --prefix tools/clickhouse` (decision 216)');
      chdb = session;
      ({ testDb, workspaceId, configurationId } = await createSiteDatabase(shop, 'trk_columns'));
      const db = testDb.database.db;
      // Another store's site, whose rows the statements' workspace and site conditions must leave out.
      const otherWorkspace = await createWorkspace(db, 'other');
      const otherSite = await createTrackingSite(db, {
        workspaceId: otherWorkspace,
        origin: shop,
        trackingId: 'trk_columns_other',
      });
      const clock = { at: new Date(days[0]!) };
      const writer = createEventWriter(db, {
        clock: () => clock.at,
        retentionDays: 3650,
        rawFirst: true,
        foldDelayMs: 3_600_000,
        onMaintenanceError: (error) => {
          throw error;
        },
      });
      let seed = 0;
      for (const day of days)
        for (const minute of [5, 10 * 60 + 20, 23 * 60 + 50]) {
          clock.at = new Date(day + minute * 60_000);
          seed += 1;
          await writer.write({ workspaceId, configurationId, events: burst(seed) });
          await writer.write({
            workspaceId: otherWorkspace,
            configurationId: otherSite,
            events: burst(seed + 100, 10),
          });
        }
      await writer.drain();

      chdb.query(STATEMENTS.create);
      const raw = await queryRows(
        db,
        RawRow,
        sql`SELECT workspace_id::text, configuration_id::text, session_id, event_type, page_url, x, y, viewport_width,
          viewport_height, document_width, document_height, element_selector, scroll_depth::int AS scroll_depth,
          to_char(client_time AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS client_time,
          to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS received_at
        FROM tracking_events`,
      );
      expect(raw.length).toBe(9 * 70);
      const lines = raw.map((row) => JSON.stringify({ ...row, page_key: pageKeyOf(row.page_url) }));
      chdb.query(`INSERT INTO tracking_events FORMAT JSONEachRow\n${lines.join('\n')}`);
    }, 240_000);

    afterAll(async () => {
      chdb?.cleanup();
      await testDb?.drop();
    });

    /** The doc's heatmap statement for `range`, its bins as the heatmap answer's cell centres. */
    function clickHouseCells(range: Range): Cell[] {
      const bucket = VIEWPORT_BUCKETS.findIndex((candidate) => candidate.id === range.viewport);
      const text = chdb.queryBind(
        STATEMENTS.cells,
        {
          workspace: workspaceId,
          site: configurationId,
          page: range.page ?? page,
          types: range.eventType ? [range.eventType] : ['click', 'cursor_move'],
          min_width: bucket > 0 ? VIEWPORT_BUCKETS[bucket - 1]!.maxWidth + 1 : 0,
          max_width:
            bucket >= 0 && bucket < VIEWPORT_BUCKETS.length - 1
              ? VIEWPORT_BUCKETS[bucket]!.maxWidth
              : 2 ** 31 - 1,
          from: range.from ? instant(Date.parse(range.from)) : instant(0),
          to: range.to ? instant(Date.parse(range.to) + DAY_MS) : instant(Date.parse('2100-01-01')),
        },
        'JSONEachRow',
      );
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => ClickHouseCell.parse(JSON.parse(line)))
        .map((cell) => ({ x: xCentreOf(cell.x_bin), y: yCentreOf(cell.y_bin), count: cell.count }))
        .sort(byCell);
    }

    it('bins the heatmap cells as the heatmap read does, under every filter', async () => {
      const caches = createAppCaches();
      const ranges: Range[] = [
        {},
        { eventType: 'click' },
        { eventType: 'scroll' },
        { eventType: 'cursor_move', viewport: 'mobile' },
        { viewport: 'tablet' },
        { viewport: 'desktop', eventType: 'click' },
        { viewport: 'wide' },
        { from: dayOf(days[1]!) },
        { to: dayOf(days[1]!), viewport: 'laptop' },
        { from: dayOf(days[2]!), to: dayOf(days[2]!) },
        { page: `${shop}/cart` },
      ];
      let cellsSeen = 0;
      for (const range of ranges) {
        const answer = await getHeatmap(testDb.database.db, caches.heatmapTiles, {
          workspaceId,
          page,
          ...range,
        });
        const product = answer.heatmapData.map(({ x, y, count }) => ({ x, y, count })).sort(byCell);
        expect(clickHouseCells(range), JSON.stringify(range)).toEqual(product);
        cellsSeen += product.length;
      }
      expect(cellsSeen).toBeGreaterThan(100);
    });

    it('counts events per page and UTC day of receipt as tracking_page_counts does', async () => {
      const kept = await queryRows(
        testDb.database.db,
        PageDayRow,
        sql`SELECT page_url, day::text AS day, event_count FROM tracking_page_counts
        WHERE configuration_id = ${configurationId}::uuid`,
      );
      const product = kept.map((row) => `${row.page_url} ${row.day} ${row.event_count}`).sort();
      const text = chdb.queryBind(
        STATEMENTS.days,
        { workspace: workspaceId, site: configurationId },
        'JSONEachRow',
      );
      const columns = text
        .split('\n')
        .filter(Boolean)
        .map((line) => ClickHouseDay.parse(JSON.parse(line)))
        .map((row) => `${row.page_key} ${row.day} ${row.events}`)
        .sort();
      expect(columns).toEqual(product);
      expect(product).toHaveLength(2 * days.length);
    });
  },
);
