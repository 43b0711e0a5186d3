import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type {
  CreateTrackingConfiguration,
  TrackingConfiguration,
} from '../../../shared/contracts/tracking-configurations.ts';
import type { Db } from '../../db/client.ts';
import { queryRows, timestampColumn } from '../../db/query-rows.ts';
import { trackingConfigurations } from '../../db/schema/tracking.ts';
import { foldFirst } from '../../domain/tracking/fold-events.ts';
import { notFound } from '../../errors.ts';
import type { CachedReads } from '../../http/deps.ts';
import { forgetCachedConfigurations } from './ingest/configuration-cache.ts';
import { originOfWebsite } from './ingest/request-gate.ts';

type ConfigurationRow = typeof trackingConfigurations.$inferSelect;

/** Public id in the snippet: short, unguessable enough to not enumerate, not a secret. */
const newTrackingId = () => `trk_${randomBytes(10).toString('hex')}`;
/** Write-only key in the snippet: 32 random bytes. */
const newApiKey = () => `utk_${randomBytes(32).toString('base64url')}`;

/** The presenter: the spec's fields only. */
export function presentConfiguration(row: ConfigurationRow): TrackingConfiguration {
  return {
    id: row.id,
    websiteName: row.websiteName,
    websiteUrl: row.websiteUrl,
    trackingId: row.trackingId,
    apiKey: row.apiKey,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The workspace's websites, oldest first (the dashboard's own configuration is not a website). */
export async function listTrackingConfigurations(
  db: Db,
  workspaceId: string,
): Promise<TrackingConfiguration[]> {
  const rows = await db
    .select()
    .from(trackingConfigurations)
    .where(
      and(eq(trackingConfigurations.workspaceId, workspaceId), eq(trackingConfigurations.kind, 'website')),
    )
    .orderBy(asc(trackingConfigurations.createdAt), asc(trackingConfigurations.id));
  return rows.map(presentConfiguration);
}

export async function createTrackingConfiguration(
  db: Db,
  workspaceId: string,
  input: CreateTrackingConfiguration,
): Promise<TrackingConfiguration> {
  const [row] = await db
    .insert(trackingConfigurations)
    .values({
      workspaceId,
      kind: 'website',
      websiteName: input.websiteName,
      websiteUrl: input.websiteUrl,
      websiteOrigin: originOfWebsite(input.websiteUrl)!,
      trackingId: newTrackingId(),
      apiKey: newApiKey(),
    })
    .returning();
  return presentConfiguration(row!);
}

/** Enable/Disable; a configuration of another workspace is "not found", never revealed. */
export async function setTrackingConfigurationActive(
  reads: CachedReads,
  workspaceId: string,
  id: string,
  isActive: boolean,
): Promise<TrackingConfiguration> {
  const { db } = reads;
  const [row] = await db
    .update(trackingConfigurations)
    .set({ isActive })
    .where(
      and(
        eq(trackingConfigurations.id, id),
        eq(trackingConfigurations.workspaceId, workspaceId),
        eq(trackingConfigurations.kind, 'website'),
      ),
    )
    .returning();
  if (!row) throw notFound('Tracking configuration not found.');
  forgetCachedConfigurations(reads.caches.trackingSites);
  return presentConfiguration(row);
}

/** Deletes a website and, through foreign keys, its rollups; raw events age out with retention. */
export async function deleteTrackingConfiguration(
  reads: CachedReads,
  workspaceId: string,
  id: string,
): Promise<void> {
  const { db } = reads;
  const rows = await db
    .delete(trackingConfigurations)
    .where(
      and(
        eq(trackingConfigurations.id, id),
        eq(trackingConfigurations.workspaceId, workspaceId),
        eq(trackingConfigurations.kind, 'website'),
      ),
    )
    .returning({ id: trackingConfigurations.id });
  if (rows.length === 0) throw notFound('Tracking configuration not found.');
  forgetCachedConfigurations(reads.caches.trackingSites);
  await db.execute(sql`DELETE FROM tracking_rate_buckets WHERE configuration_id = ${id}::uuid`);
}

/** The row behind a public tracking id, whatever its workspace (ingestion only). */
export async function findConfigurationByTrackingId(
  db: Db,
  trackingId: string,
): Promise<ConfigurationRow | null> {
  const [row] = await db
    .select()
    .from(trackingConfigurations)
    .where(eq(trackingConfigurations.trackingId, trackingId))
    .limit(1);
  return row ?? null;
}

/** Constant-time key comparison, so response timing reveals nothing about the key. */
export function isApiKeyValid(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The workspace's internal configuration that the dashboard's own Start/Stop Tracking writes to
 * (docs/decisions/007-dashboard-self-tracking.md). Created on first use; concurrent first uses
 * meet on the partial unique index.
 */
export async function getDashboardConfiguration(
  db: Db,
  workspaceId: string,
  publicUrl: string,
): Promise<ConfigurationRow> {
  const find = async () =>
    (
      await db
        .select()
        .from(trackingConfigurations)
        .where(
          and(
            eq(trackingConfigurations.workspaceId, workspaceId),
            eq(trackingConfigurations.kind, 'dashboard'),
          ),
        )
        .limit(1)
    )[0];
  const existing = await find();
  if (existing) return existing;
  await db
    .insert(trackingConfigurations)
    .values({
      workspaceId,
      kind: 'dashboard',
      websiteName: 'Upside dashboard',
      websiteUrl: publicUrl,
      websiteOrigin: originOfWebsite(publicUrl) ?? publicUrl,
      trackingId: newTrackingId(),
      apiKey: newApiKey(),
    })
    .onConflictDoNothing();
  return (await find())!;
}

/** Whether some configuration allows browser requests from this origin (CORS preflight). */
export async function isKnownTrackingOrigin(db: Db, origin: string): Promise<boolean> {
  const url = URL.parse(origin);
  if (!url) return false;
  const twin = url.hostname.startsWith('www.')
    ? `${url.protocol}//${url.host.slice(4)}`
    : `${url.protocol}//www.${url.host}`;
  const [row] = await db
    .select({ id: trackingConfigurations.id })
    .from(trackingConfigurations)
    .where(sql`${trackingConfigurations.websiteOrigin} IN (${url.origin}, ${twin})`)
    .limit(1);
  return row !== undefined;
}

/**
 * GET /api/tracking/install-check (issue #38 item 3): when the first event from the website's domain
 * arrived (the ingest accepts a site's events only from its origin), or null while none has; a
 * website of another workspace is "not found". Reads the site's sessions by the primary key's
 * prefix; the page polls it only while someone waits on "Verify installation".
 */
export async function firstEventOfSite(db: Db, workspaceId: string, siteId: string) {
  await foldFirst(db);
  const [site] = await db
    .select({ id: trackingConfigurations.id })
    .from(trackingConfigurations)
    .where(and(eq(trackingConfigurations.id, siteId), eq(trackingConfigurations.workspaceId, workspaceId)));
  if (!site) throw notFound('No such tracked website in this store.');
  const [row] = await queryRows(
    db,
    z.object({ first: timestampColumn.nullable() }),
    sql`SELECT min(first_received_at) AS first FROM tracking_sessions
        WHERE configuration_id = ${siteId} AND workspace_id = ${workspaceId}`,
  );
  return { firstEventAt: row?.first ? new Date(row.first).toISOString() : null };
}
