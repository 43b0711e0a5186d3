import { addDays } from '../../../shared/calendar.ts';
import type { Db } from '../../db/client.ts';
import { type MetricWindow, readMetricWindow } from '../../domain/metrics/metric-window.ts';
import type { TeamStore } from './team-stores.ts';

/**
 * The period an All-stores view covers: the last `periodDays` shop days ending on the latest of the
 * stores' last complete days (metric-window.ts), and the same number of days before. Null when no
 * store has a synced order yet. Each store's window is kept too (its version keys its cached reads).
 */
export async function readCommonPeriod(
  db: Db,
  stores: readonly TeamStore[],
  periodDays: number,
  now: Date,
): Promise<{
  period: { start: string; end: string; previousStart: string } | null;
  windows: Map<string, MetricWindow | null>;
}> {
  const found = await Promise.all(stores.map((store) => readMetricWindow(db, store.id, periodDays, now)));
  const windows = new Map(stores.map((store, index) => [store.id, found[index] ?? null]));
  const end = found
    .flatMap((window) => (window ? [window.end] : []))
    .sort()
    .at(-1);
  if (!end) return { period: null, windows };
  const start = addDays(end, 1 - periodDays);
  return { period: { start, end, previousStart: addDays(start, -periodDays) }, windows };
}
