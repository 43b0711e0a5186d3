import { eq } from 'drizzle-orm';
import type { ExportQuery } from '../../../shared/contracts/exports.ts';
import type { Db } from '../../db/client.ts';
import { whShops } from '../../db/schema/warehouse.ts';
import { findLatestRunId } from '../../domain/analysis-runs/read-analytics.ts';
import type { ExportContext } from './export-dataset.ts';

/** The shop facts every export needs (time zone, currency) and the latest analysis run. */
export async function readExportContext(
  db: Db,
  workspaceId: string,
  query: ExportQuery,
): Promise<ExportContext> {
  const [[shop], latestRunId] = await Promise.all([
    db
      .select({ timeZone: whShops.ianaTimezone, currency: whShops.currencyCode })
      .from(whShops)
      .where(eq(whShops.workspaceId, workspaceId))
      .limit(1),
    findLatestRunId(db, workspaceId),
  ]);
  return {
    workspaceId,
    from: query.from ?? null,
    to: query.to ?? null,
    timeZone: shop?.timeZone ?? 'UTC',
    currency: shop?.currency ?? null,
    latestRunId,
  };
}
