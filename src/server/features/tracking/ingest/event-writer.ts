import { sql } from 'drizzle-orm';
import { DAY_MS } from '../../../../shared/calendar.ts';
import { campaignOf } from '../../../../shared/campaign-url.ts';
import type { CursorEvent } from '../../../../shared/contracts/cursor-tracking.ts';
import type { Db } from '../../../db/client.ts';
import { FOLD_MARGIN_MS, foldHeatmapTiles } from './heatmap-fold.ts';
import { hourStartOf } from './heatmap-tiles.ts';
import { createPartCounter, type HourPartOwner, sumHourParts } from './hour-parts.ts';
import { applyTrackingRetention, ensureEventPartition, utcDayOf } from './partitions.ts';
import { rollUpEvents } from './rollup.ts';
import { encodeSessionCells, rollUpSessionPages } from './session-pages.ts';
import { hourCellColumns, rawEventColumns } from './writer-columns.ts';

/** One accepted request's events, owned by one configuration of one workspace. */
export interface EventBatch {
  workspaceId: string;
  configurationId: string;
  events: CursorEvent[];
}

interface Pending {
  batch: EventBatch;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface EventWriterOptions {
  clock: () => Date;
  /** Raw-event retention in days (TRACKING_RETENTION_DAYS). */
  retentionDays: number;
  /** Upper bound of events written by one transaction. */
  maxEventsPerCommit?: number;
  /**
   * Commits in flight at once (2 by default): while PostgreSQL writes one group, the next is
   * collected and sent, so neither the app nor the database waits for the other.
   */
  concurrentCommits?: number;
  /**
   * Parts of one heatmap owner and hour (per level) summed into one part of the next level
   * (hour-parts.ts; PARTS_PER_SUM by default).
   */
  partsPerSum?: number;
  /**
   * Told about failed work no request waits for: the daily maintenance (retention, tile fold) and
   * hour-part sums.
   */
  onMaintenanceError: (error: unknown) => void;
}

export interface EventWriter {
  /** Resolves once the batch is committed (durable), rejects if its transaction failed. */
  write(batch: EventBatch): Promise<void>;
  /** Waits for everything submitted so far, and for the part sums and maintenance it started. */
  drain(): Promise<void>;
}

/**
 * Group commit: requests that arrive while a transaction is in flight wait together and are
 * written by the next transaction as one multi-row insert per table (raw events, sessions, session
 * pages, pages, clicked elements) plus one heatmap hour part per cell owner, holding the group's
 * cells as arrays (decision 085). Each request is answered only after its transaction has
 * committed, so a 2xx always means the events are on disk, and in every rollup a read sees, while
 * a busy server still writes few, large transactions. Nothing is held in memory that a restart
 * could lose.
 */
export function createEventWriter(db: Db, options: EventWriterOptions): EventWriter {
  const maxEvents = options.maxEventsPerCommit ?? 20_000;
  let queue: Pending[] = [];
  const maxRunners = options.concurrentCommits ?? 2;
  const runners = new Set<Promise<void>>();
  const preparedDays = new Set<string>();
  let maintenance: Promise<void> = Promise.resolve();
  let maintainedHour = '';
  const partCounter = createPartCounter(options.partsPerSum);
  let partSums: Promise<void> = Promise.resolve();

  /** Off the request path, one after another; a failed one leaves the parts for the tile fold. */
  function sumParts(owners: readonly HourPartOwner[]): void {
    for (const owner of owners)
      partSums = partSums
        .then(() => sumHourParts(db, owner, options.partsPerSum))
        .then(
          () => undefined,
          (error: unknown) => options.onMaintenanceError(error),
        );
  }

  async function prepareDay(day: string): Promise<void> {
    if (preparedDays.has(day)) return;
    await ensureEventPartition(db, day);
    // Once per new day and process: tomorrow's partition ahead of midnight, and retention.
    await ensureEventPartition(db, utcDayOf(new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS)));
    preparedDays.add(day);
    const now = options.clock();
    maintain(() => applyTrackingRetention(db, now, options.retentionDays));
  }

  /** Off the request path (its deletes and sums can take seconds): nobody waits for it but drain(). */
  function maintain(task: () => Promise<unknown>): void {
    maintenance = maintenance.then(task).then(
      () => undefined,
      (error: unknown) => options.onMaintenanceError(error),
    );
  }

  /**
   * Once an hour and process: fold finished hours into heatmap tiles. Started a few minutes into
   * the hour, once the previous one can be folded (FOLD_MARGIN_MS).
   */
  function foldHourly(at: Date): void {
    const hour = new Date(at.getTime() - FOLD_MARGIN_MS).toISOString().slice(0, 13);
    if (hour === maintainedHour) return;
    maintainedHour = hour;
    maintain(() => foldHeatmapTiles(db, at));
  }

  /** Writes a group in one transaction; returns the owners whose hour parts are now due a sum. */
  async function commit(group: Pending[]): Promise<HourPartOwner[]> {
    const receivedAt = options.clock();
    const day = utcDayOf(receivedAt);
    await prepareDay(day);
    foldHourly(receivedAt);
    const received = receivedAt.toISOString();
    const hour = new Date(hourStartOf(receivedAt.getTime())).toISOString();
    const raw = rawEventColumns(group.map(({ batch }) => batch));
    const workspaceOf = new Map(group.map(({ batch }) => [batch.configurationId, batch.workspaceId]));
    const rollups = rollUpEvents(
      group.map(({ batch }) => ({ configurationId: batch.configurationId, events: batch.events })),
      day,
    );
    const ws = (configurationId: string) => workspaceOf.get(configurationId)!;
    const cells = hourCellColumns(rollups.cells, ws);
    const sessions = rollups.sessions.map((s) => ({
      w: ws(s.configurationId),
      c: s.configurationId,
      s: s.sessionId,
      a: new Date(s.startedAt).toISOString(),
      b: new Date(s.endedAt).toISOString(),
      n: s.eventCount,
      k: s.clickCount,
      p: s.lastPageUrl,
      pa: new Date(s.lastPageAt).toISOString(),
      // Session start (issue 16); absent keys are NULL in json_to_recordset.
      lu: s.landingUrl,
      rf: s.referrer ?? undefined,
      dv: s.device,
      vi: s.visitorId ?? undefined,
      ck: s.cartToken ?? undefined,
      eh: s.emailHash ?? undefined,
      ...campaignOf(s.landingUrl),
    }));
    const pages = rollups.pages.map(({ key, count }) => ({
      w: ws(key.configurationId),
      c: key.configurationId,
      p: key.pageUrl,
      n: count,
    }));
    const sessionPages = rollUpSessionPages(
      group.map(({ batch }) => ({ configurationId: batch.configurationId, events: batch.events })),
    ).map((row) => ({
      w: ws(row.configurationId),
      c: row.configurationId,
      p: row.pageUrl,
      v: row.viewportBucket,
      s: row.sessionId,
      h: row.viewportHeight,
      d: row.scrollDepth,
      x: encodeSessionCells(row.cells),
      k: row.clicks,
    }));
    const elements = rollups.elements.map(({ key, count }) => ({
      w: ws(key.configurationId),
      c: key.configurationId,
      p: key.pageUrl,
      s: key.selector,
      n: count,
    }));
    // One statement (data-modifying CTEs) is one atomic, durable commit and one round trip.
    // Order matters for throughput, not for the result: PostgreSQL runs the main query first, then
    // the CTEs from the last listed to the first (nodeModifyTable.c: es_auxmodifytables). The rows
    // every commit shares (page counts, clicked elements: a few per page and day) are listed first,
    // so they are locked last, just before the commit; the long insert (raw events) comes first, so
    // the next group's transaction runs it while this one holds the hot rows (issue 18). The heatmap
    // cells are appended as one hour part per owner, never updated in place (decision 085).
    await db.execute(sql`
      WITH elements AS (
        INSERT INTO tracking_click_elements AS t (workspace_id, configuration_id, page_url, selector, day, count)
        SELECT w, c, p, s, ${day}::date, n
        FROM json_to_recordset(${JSON.stringify(elements)}::json) AS r(w uuid, c uuid, p text, s text, n bigint)
        ON CONFLICT (configuration_id, page_url, selector, day) DO UPDATE SET count = t.count + EXCLUDED.count
      ), pages AS (
        INSERT INTO tracking_page_counts AS t (workspace_id, configuration_id, page_url, day, event_count)
        SELECT w, c, p, ${day}::date, n
        FROM json_to_recordset(${JSON.stringify(pages)}::json) AS r(w uuid, c uuid, p text, n bigint)
        ON CONFLICT (configuration_id, page_url, day) DO UPDATE SET event_count = t.event_count + EXCLUDED.event_count
      ), sessions AS (
        INSERT INTO tracking_sessions AS t (workspace_id, configuration_id, session_id, started_at, ended_at,
          event_count, click_count, last_page_url, last_page_at, first_received_at, last_received_at,
          landing_url, referrer, device, visitor_id, checkout_token, email_hash, utm_source, utm_medium,
          utm_campaign, utm_content, utm_term, fbclid, gclid, ttclid, msclkid)
        SELECT w, c, s, a, b, n, k, p, pa, ${received}::timestamptz, ${received}::timestamptz,
          lu, rf, dv, vi, ck, eh, utm_source, utm_medium, utm_campaign, utm_content, utm_term, fbclid, gclid, ttclid, msclkid
        FROM json_to_recordset(${JSON.stringify(sessions)}::json) AS r(w uuid, c uuid, s text, a timestamptz,
          b timestamptz, n bigint, k bigint, p text, pa timestamptz, lu text, rf text, dv text, vi text, ck text,
          eh text, utm_source text, utm_medium text, utm_campaign text, utm_content text, utm_term text,
          fbclid text, gclid text, ttclid text, msclkid text)
        ON CONFLICT (configuration_id, session_id) DO UPDATE SET
          -- The landing page and what came with it are set once, by the session's first write.
          landing_url = COALESCE(t.landing_url, EXCLUDED.landing_url),
          referrer = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.referrer ELSE t.referrer END,
          device = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.device ELSE t.device END,
          utm_source = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.utm_source ELSE t.utm_source END,
          utm_medium = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.utm_medium ELSE t.utm_medium END,
          utm_campaign = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.utm_campaign ELSE t.utm_campaign END,
          utm_content = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.utm_content ELSE t.utm_content END,
          utm_term = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.utm_term ELSE t.utm_term END,
          fbclid = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.fbclid ELSE t.fbclid END,
          gclid = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.gclid ELSE t.gclid END,
          ttclid = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.ttclid ELSE t.ttclid END,
          msclkid = CASE WHEN t.landing_url IS NULL THEN EXCLUDED.msclkid ELSE t.msclkid END,
          visitor_id = COALESCE(t.visitor_id, EXCLUDED.visitor_id),
          checkout_token = COALESCE(t.checkout_token, EXCLUDED.checkout_token),
          email_hash = COALESCE(t.email_hash, EXCLUDED.email_hash),
          started_at = LEAST(t.started_at, EXCLUDED.started_at),
          ended_at = GREATEST(t.ended_at, EXCLUDED.ended_at),
          event_count = t.event_count + EXCLUDED.event_count,
          click_count = t.click_count + EXCLUDED.click_count,
          last_page_url = CASE WHEN EXCLUDED.last_page_at >= t.last_page_at THEN EXCLUDED.last_page_url ELSE t.last_page_url END,
          last_page_at = GREATEST(t.last_page_at, EXCLUDED.last_page_at),
          last_received_at = EXCLUDED.last_received_at
      ), session_pages AS (
        INSERT INTO tracking_session_pages AS t (workspace_id, configuration_id, page_url, day, viewport_bucket,
          session_id, viewport_height, scroll_depth, cells, clicks)
        SELECT w, c, p, ${day}::date, v, s, h, d, decode(x, 'hex'), k
        FROM json_to_recordset(${JSON.stringify(sessionPages)}::json) AS r(w uuid, c uuid, p text, v text, s text,
          h int, d smallint, x text, k jsonb)
        ON CONFLICT (configuration_id, page_url, day, viewport_bucket, session_id) DO UPDATE SET
          viewport_height = GREATEST(t.viewport_height, EXCLUDED.viewport_height),
          scroll_depth = GREATEST(t.scroll_depth, EXCLUDED.scroll_depth),
          cells = t.cells || EXCLUDED.cells,
          clicks = t.clicks || EXCLUDED.clicks
      ), cells AS (
        INSERT INTO tracking_heatmap_hour_parts (workspace_id, configuration_id, page_url, hour, viewport_bucket,
          event_type, x_bins, y_bins, counts)
        SELECT o.w, o.c, o.p, ${hour}::timestamptz, o.v, o.e, array_agg(r.x), array_agg(r.y), array_agg(r.n)
        FROM unnest(${cells.ow}::uuid[], ${cells.oc}::uuid[], ${cells.op}::text[], ${cells.ov}::text[],
          ${cells.ot}::text[]) WITH ORDINALITY AS o(w, c, p, v, e, k)
        JOIN unnest(${cells.o}::int[], ${cells.x}::smallint[], ${cells.y}::int[], ${cells.n}::bigint[])
          AS r(o, x, y, n) ON r.o = o.k
        GROUP BY o.k, o.w, o.c, o.p, o.v, o.e
      )
      INSERT INTO tracking_events (workspace_id, configuration_id, session_id, event_type, page_url, x, y,
        viewport_width, viewport_height, document_width, document_height, element_selector, offset_x, offset_y,
        scroll_depth, client_time, received_at)
      SELECT batch.w, batch.c, session.v, r.t, page.v, r.x, r.y, r.vw, r.vh, r.dw, r.dh, r.el, r.ox, r.oy, r.sd,
        timestamptz 'epoch' + r.ct * interval '1 millisecond', ${received}::timestamptz
      FROM unnest(${raw.b}::int[], ${raw.s}::int[], ${raw.t}::text[], ${raw.p}::int[], ${raw.x}::int[],
        ${raw.y}::int[], ${raw.vw}::int[], ${raw.vh}::int[], ${raw.dw}::int[], ${raw.dh}::int[], ${raw.el}::text[],
        ${raw.ox}::int[], ${raw.oy}::int[], ${raw.sd}::smallint[], ${raw.ct}::bigint[])
        AS r(b, s, t, p, x, y, vw, vh, dw, dh, el, ox, oy, sd, ct)
      JOIN unnest(${raw.bw}::uuid[], ${raw.bc}::uuid[]) WITH ORDINALITY AS batch(w, c, k) ON batch.k = r.b
      JOIN unnest(${raw.sessions}::text[]) WITH ORDINALITY AS session(v, k) ON session.k = r.s
      JOIN unnest(${raw.pages}::text[]) WITH ORDINALITY AS page(v, k) ON page.k = r.p`);
    return partCounter.add(hour, rollups.cells);
  }

  function takeGroup(): Pending[] {
    let events = 0;
    let taken = 0;
    while (taken < queue.length && (taken === 0 || events + queue[taken]!.batch.events.length <= maxEvents)) {
      events += queue[taken]!.batch.events.length;
      taken += 1;
    }
    const group = queue.slice(0, taken);
    queue = queue.slice(taken);
    return group;
  }

  /**
   * One runner: commits groups until the queue is empty. `active` is decremented in the same
   * synchronous step that finds the queue empty, so a write arriving right after always either
   * sees a runner that will take it or starts one.
   */
  let active = 0;
  async function run(): Promise<void> {
    while (queue.length > 0) {
      const group = takeGroup();
      try {
        sumParts(await commit(group));
        for (const pending of group) pending.resolve();
      } catch (error) {
        for (const pending of group) pending.reject(error);
      }
    }
    active -= 1;
  }

  return {
    write(batch) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ batch, resolve, reject });
        if (active < maxRunners) {
          active += 1;
          const runner: Promise<void> = run().finally(() => runners.delete(runner));
          runners.add(runner);
        }
      });
    },
    async drain() {
      while (runners.size > 0) await Promise.all([...runners]);
      await partSums;
      await maintenance;
    },
  };
}
