import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/server/db/client.ts';
import { int8Number, queryRows } from '../../src/server/db/query-rows.ts';
import type { CursorEvent, HeatmapResponse } from '../../src/shared/contracts/cursor-tracking.ts';
import type { TrackingConfiguration } from '../../src/shared/contracts/tracking-configurations.ts';
import { createTrackingSite, createWorkspace } from '../support/factories.ts';
import type { TestApp } from '../support/start-app.ts';
import { createMigratedTestDatabase } from '../support/test-database.ts';

export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

let counter = 0;
/** A valid click (or other) event on a page of `origin`. */
export function makeEvent(origin: string, overrides: Partial<CursorEvent> = {}): CursorEvent {
  counter += 1;
  return {
    eventType: 'click',
    x: 640,
    y: 200,
    sessionId: 'sess_test_1',
    pageUrl: `${origin}/products`,
    timestamp: Date.now() + counter,
    viewportWidth: 1280,
    viewportHeight: 800,
    documentWidth: 1280,
    documentHeight: 3000,
    elementSelector: '#buy',
    offsetX: 10,
    offsetY: 5,
    ...overrides,
  } as CursorEvent;
}

export async function addWebsite(
  app: Pick<TestApp, 'request'>,
  cookie: string,
  websiteUrl: string,
  websiteName = 'Shop',
) {
  const response = await app.request('/api/tracking-configurations', {
    method: 'POST',
    cookie,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ websiteName, websiteUrl }),
  });
  if (response.status !== 201) throw new Error(`add website: ${response.status} ${await response.text()}`);
  return (await response.json()) as TrackingConfiguration;
}

/** The workspace a tracked site belongs to. */
export async function workspaceOfSite(db: Db, siteId: string): Promise<string> {
  const [row] = await queryRows(
    db,
    z.object({ workspace_id: z.string() }),
    sql`SELECT workspace_id::text FROM tracking_configurations WHERE id = ${siteId}::uuid`,
  );
  if (!row) throw new Error(`no tracked site ${siteId}`);
  return row.workspace_id;
}

/** Posts like the tracker: text/plain body, the page's Origin, a browser user agent. */
export function postEvents(
  baseUrl: string,
  body: unknown,
  { origin, userAgent = BROWSER_UA, raw }: { origin?: string; userAgent?: string; raw?: string } = {},
) {
  const headers: Record<string, string> = {
    'content-type': 'text/plain;charset=UTF-8',
    'user-agent': userAgent,
  };
  if (origin) headers.origin = origin;
  return fetch(`${baseUrl}/api/cursor-tracking/events`, {
    method: 'POST',
    headers,
    body: raw ?? JSON.stringify(body),
  });
}

export async function countRawEvents(app: TestApp): Promise<number> {
  const [row] = await queryRows(
    app.db,
    z.object({ n: int8Number }),
    sql`SELECT count(*) AS n FROM tracking_events`,
  );
  return row?.n ?? 0;
}

/** Polls the clicks read until `expected` clicks are stored (they arrive within seconds); returns the count. */
export async function waitForClicks(
  app: Pick<TestApp, 'request'>,
  cookie: string,
  trackingId: string,
  expected: number,
): Promise<number> {
  let totalClicks = 0;
  for (let attempt = 0; attempt < 50 && totalClicks < expected; attempt++) {
    const response = await app.request(`/api/cursor-tracking/clicks?trackingId=${trackingId}`, { cookie });
    totalClicks = ((await response.json()) as { totalClicks: number }).totalClicks;
    if (totalClicks < expected) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return totalClicks;
}

/** Page position (px) of a heatmap cell, whose x is a percent of the viewport width and y document px. */
export const cellPosition = (cell: { x: number; y: number }, width: number) => ({
  x: (cell.x / 100) * width,
  y: cell.y,
});

/** How far apart two page positions are, in px along the worse axis. */
export const pageDistance = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));

/**
 * A fresh migrated database (a copy of the run's migrated template) holding one workspace with one
 * website of `origin`, for tests that drive the writer and the reads directly (no server).
 */
export async function createSiteDatabase(origin: string, trackingId: string) {
  const testDb = await createMigratedTestDatabase();
  const db = testDb.database.db;
  const workspaceId = await createWorkspace(db, 'w');
  const configurationId = await createTrackingSite(db, { workspaceId, origin, trackingId });
  return { testDb, db, workspaceId, configurationId };
}

/** GETs a dashboard read as `cookie`; anything but 200 throws with the path and the body. */
export async function getOk<T>(app: Pick<TestApp, 'request'>, cookie: string, path: string): Promise<T> {
  const response = await app.request(path, { cookie });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The events a heatmap answer counts (the sum of its points). */
export const heatmapTotal = (map: HeatmapResponse) =>
  map.heatmapData.reduce((sum, point) => sum + point.count, 0);
