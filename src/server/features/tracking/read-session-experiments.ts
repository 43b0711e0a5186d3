import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionExperiments } from '../../../shared/contracts/heatmap-insights.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { foldFirst } from '../../domain/tracking/fold-events.ts';
import { configurationFilter, type TrackingScope } from '../../domain/tracking/read-cursor-tracking.ts';
import { badRequest } from '../../errors.ts';

/** Variants a picker lists at most (the ones with the most sessions). */
const MAX_VARIANTS = 100;

const VariantRow = z.object({ pair: z.string(), sessions: z.coerce.number() });

/**
 * GET /api/cursor-tracking/experiments: the A/B experiments and variants the range's sessions
 * landed in (`upside_exp`, decision 064), with their session counts, for the heatmap's variant
 * picker. Days are UTC days of the session's start, like the heatmap's days of receipt.
 */
export async function listSessionExperiments(
  db: Db,
  scope: TrackingScope & { from?: string | undefined; to?: string | undefined },
): Promise<SessionExperiments> {
  await foldFirst(db);
  if (scope.from && scope.to && scope.from > scope.to) throw badRequest('from: must not be after to.');
  const conditions: SQL[] = [
    sql`workspace_id = ${scope.workspaceId}::uuid`,
    sql`experiment_variants IS NOT NULL`,
    await configurationFilter(db, scope, sql`configuration_id`),
  ];
  if (scope.from) conditions.push(sql`started_at >= ${scope.from}::date::timestamp AT TIME ZONE 'UTC'`);
  if (scope.to) conditions.push(sql`started_at < (${scope.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  const rows = await queryRows(
    db,
    VariantRow,
    sql`SELECT pair, count(*) AS sessions
      FROM tracking_sessions, unnest(experiment_variants) AS pair
      WHERE ${sql.join(conditions, sql` AND `)} AND pair LIKE '%:%'
      GROUP BY pair ORDER BY count(*) DESC, pair LIMIT ${MAX_VARIANTS}`,
  );
  const byKey = new Map<string, { name: string; sessions: number }[]>();
  for (const row of rows) {
    const [key = '', name = ''] = row.pair.split(':');
    byKey.set(key, [...(byKey.get(key) ?? []), { name, sessions: row.sessions }]);
  }
  return {
    experiments: [...byKey.keys()]
      .sort()
      .map((key) => ({ key, variants: byKey.get(key)!.sort((a, b) => (a.name < b.name ? -1 : 1)) })),
  };
}
