import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { cpuSecondsOf } from './process-cpu.ts';

/** One event as the tracker sends it (the bench's own bodies). */
interface BenchEvent {
  eventType: string;
  x: number;
  y: number;
  sessionId: string;
  pageUrl: string;
  timestamp: number;
  viewportWidth: number;
  viewportHeight: number;
  documentWidth?: number;
  documentHeight?: number;
  elementSelector?: string;
  offsetX?: number;
  offsetY?: number;
  scrollDepth?: number;
  referrer?: string;
  visitorId?: string;
}

/** The columns ingestion writes (ingest/event-writer.ts), in its order. */
const COLUMNS =
  'workspace_id, configuration_id, session_id, event_type, page_url, x, y, viewport_width, viewport_height, ' +
  'document_width, document_height, element_selector, offset_x, offset_y, scroll_depth, client_time, received_at';

/** A value in COPY's text format: \N for null, backslash, tab and line breaks escaped. */
const field = (value: string | number | undefined | null) =>
  value === undefined || value === null
    ? '\\N'
    : String(value).replace(
        /[\\\t\n\r]/g,
        (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!,
      );

/** What raw-first ingestion writes besides (decision 125): the session fields and the commit's stamp. */
const RAW_FIRST_COLUMNS = ', referrer, visitor_id, ingested_at';

/**
 * The baseline of the ingestion bench: the same rows ingestion stores, written by a raw
 * `COPY tracking_events FROM STDIN` (pg-copy-streams, decision 057) on one connection into the same
 * partitioned table, in one transaction. The COPY text is built before the clock starts, so the
 * figure is what PostgreSQL itself takes in: the ceiling ingestion is compared with.
 *
 * With `stampFrom` (epoch ms; tracking-fold-floor.bench.ts) the rows are written as raw-first
 * ingestion writes them: with their referrer and visitor id, and each batch with a stamp of its own
 * (`stampFrom` + its position in ms) in `ingested_at`, as if each were a commit for the fold to read
 * (so the `ingested_at` b-tree is written too). `sizes` are the written batches' event counts, in order.
 * With `batchesPerCommit` (tracking-cpu-measures.bench.ts) each run of that many batches is a COPY
 * and a transaction of its own, as a commit group of that many requests would be; otherwise the
 * rows are one COPY in one transaction.
 */
export async function copyTrackingEvents(
  databaseUrl: string,
  batches: { configurationId: string; events: BenchEvent[] }[],
  rows: number,
  stampFrom?: number,
  batchesPerCommit = Number.POSITIVE_INFINITY,
): Promise<{ rows: number; seconds: number; postgresCpuSeconds: number; sizes: number[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const owners = await client.query<{ id: string; workspace_id: string }>(
      'SELECT id, workspace_id FROM tracking_configurations',
    );
    const workspaceOf = new Map(owners.rows.map((row) => [row.id, row.workspace_id]));
    const receivedAt = new Date().toISOString();
    const chunks: string[] = [];
    const sizes: number[] = [];
    let written = 0;
    for (let b = 0; written < rows; b = (b + 1) % batches.length) {
      const { configurationId, events } = batches[b]!;
      const head = `${workspaceOf.get(configurationId)}\t${configurationId}\t`;
      const stamp = stampFrom === undefined ? null : new Date(stampFrom + sizes.length).toISOString();
      const lines = events.map(
        (e) =>
          head +
          [
            e.sessionId,
            e.eventType,
            e.pageUrl,
            e.x,
            e.y,
            e.viewportWidth,
            e.viewportHeight,
            e.documentWidth,
            e.documentHeight,
            e.elementSelector,
            e.offsetX,
            e.offsetY,
            e.scrollDepth,
            new Date(e.timestamp).toISOString(),
            receivedAt,
            ...(stamp === null ? [] : [e.referrer, e.visitorId, stamp]),
          ]
            .map(field)
            .join('\t'),
      );
      chunks.push(`${lines.join('\n')}\n`);
      written += events.length;
      sizes.push(events.length);
    }
    // The backend's own CPU (decision 125: PostgreSQL CPU per ingested event against per COPY row).
    const backend = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const cpuBefore = cpuSecondsOf(backend);
    const started = performance.now();
    const copy = `COPY tracking_events (${COLUMNS}${stampFrom === undefined ? '' : RAW_FIRST_COLUMNS}) FROM STDIN`;
    const step = Math.min(batchesPerCommit, chunks.length);
    for (let first = 0; first < chunks.length; first += step) {
      await client.query('BEGIN');
      await pipeline(Readable.from(chunks.slice(first, first + step)), client.query(copyFrom(copy)));
      await client.query('COMMIT');
    }
    const seconds = (performance.now() - started) / 1000;
    return { rows: written, seconds, postgresCpuSeconds: cpuSecondsOf(backend) - cpuBefore, sizes };
  } finally {
    await client.end();
  }
}
