import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays } from '../../../shared/calendar.ts';
import type { AllStoresDashboard } from '../../../shared/contracts/all-stores.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import { queryRows } from '../../db/query-rows.ts';
import { readSnapshotOnce } from '../../domain/analysis-runs/read-analytics.ts';
import { loadRateConverter } from '../../domain/currency/rate-converter.ts';
import { validOrderOf } from '../../domain/metrics/metric-window.ts';
import { type SalesTotals, salesKpis } from '../../domain/metrics/sales-kpis.ts';
import type { CachedReads } from '../../http/deps.ts';
import type { SessionPrincipal } from '../../platform/session/manage-sessions.ts';
import { readCommonPeriod } from './common-period.ts';
import { conversionOf, judgeStores, readTeamStores, type TeamStore } from './team-stores.ts';

const DayRow = z.object({
  day: z.string(),
  orders: z.number(),
  gross: z.string(),
  refunds: z.string(),
});
type DayRow = z.infer<typeof DayRow>;

/**
 * One store's valid orders (count, gross) by order day and the refunds of its valid orders by
 * refund day, over `from`..`to` — the dashboard's sales figures (decision 011) before conversion.
 */
function readStoreDays(
  reads: CachedReads,
  storeId: string,
  from: string,
  to: string,
  version: string | null,
) {
  const read = () =>
    queryRows(
      reads.db,
      DayRow,
      sql`SELECT day::text AS day, sum(orders)::int AS orders, sum(gross)::text AS gross, sum(refunds)::text AS refunds
          FROM (
            SELECT o.order_date AS day, count(*) AS orders, sum(o.total_minor) AS gross, 0 AS refunds
            FROM wh_orders o
            WHERE ${validOrderOf(storeId)} AND o.order_date BETWEEN ${from}::date AND ${to}::date
            GROUP BY 1
            UNION ALL
            SELECT r.refund_date, 0, 0, sum(r.amount_minor)
            FROM wh_refunds r
            CROSS JOIN LATERAL (SELECT FROM wh_orders o
              WHERE o.workspace_id = r.workspace_id AND o.order_id = r.order_id AND ${validOrderOf(storeId)} OFFSET 0) o
            WHERE r.workspace_id = ${storeId} AND r.refund_date BETWEEN ${from}::date AND ${to}::date
            GROUP BY 1
          ) days
          GROUP BY day ORDER BY day`,
    );
  // Same warehouse, same days: kept per warehouse version like the one-store dashboard.
  return version
    ? readSnapshotOnce(reads.caches, storeId, `warehouse@${version}`, `all-stores-days/${from}/${to}`, read)
    : read();
}

/**
 * GET /api/all-stores/dashboard: the team's stores' sales KPIs over the last `periodDays` shop days
 * and the days before, in the reporting currency (decision 067). The period ends on the latest of
 * the stores' last complete days (metric-window.ts); each store counts its own shop days. Every
 * store-day's gross sales and refunds are converted at that day's rate, then summed.
 */
export async function readAllStoresDashboard(
  reads: CachedReads,
  principal: SessionPrincipal,
  periodDays: number,
  now: Date,
): Promise<AllStoresDashboard> {
  const { reportingCurrency, stores } = await readTeamStores(reads.db, principal.teamId);
  const { period, windows } = await readCommonPeriod(reads.db, stores, periodDays, now);
  const today = now.toISOString().slice(0, 10);
  const converter = await loadRateConverter(
    reads.db,
    principal.teamId,
    reportingCurrency,
    stores.flatMap((store) => (store.currency ? [store.currency] : [])),
    period?.previousStart ?? today,
    period?.end ?? today,
  );
  if (!period) {
    const { listed } = judgeStores(stores, converter, today);
    return {
      ...conversionOf(converter, listed),
      periodDays,
      current: null,
      previous: null,
      kpis: null,
      byStore: [],
    };
  }
  const { start, end, previousStart } = period;
  const { summed, listed } = judgeStores(stores, converter, previousStart);
  const totals: SalesTotals = {
    grossNow: 0,
    grossThen: 0,
    refundsNow: 0,
    refundsThen: 0,
    ordersNow: 0,
    ordersThen: 0,
  };
  const byStore: AllStoresDashboard['byStore'] = [];
  const perStore = await Promise.all(
    summed.map(async (store) => {
      const version = windows.get(store.id)?.version ?? null;
      return { store, days: await readStoreDays(reads, store.id, previousStart, end, version) };
    }),
  );
  for (const { store, days } of perStore) {
    const figures = sumStoreDays(store, days, start, converter.convert);
    totals.grossNow += figures.grossNow;
    totals.grossThen += figures.grossThen;
    totals.refundsNow += figures.refundsNow;
    totals.refundsThen += figures.refundsThen;
    totals.ordersNow += figures.ordersNow;
    totals.ordersThen += figures.ordersThen;
    byStore.push({
      storeId: store.id,
      revenue: minorToDecimal(figures.grossNow - figures.refundsNow, converter.digits),
      orders: figures.ordersNow,
    });
  }
  return {
    ...conversionOf(converter, listed),
    periodDays,
    current: { start, end },
    previous: { start: previousStart, end: addDays(start, -1) },
    kpis: salesKpis(totals, converter.digits),
    byStore,
  };
}

/** One store's days converted and split into the period and the one before (`start` is the period's first day). */
function sumStoreDays(
  store: TeamStore,
  days: readonly DayRow[],
  start: string,
  convert: (currency: string, digits: number, day: string, minor: number) => number | null,
) {
  const figures = { grossNow: 0, grossThen: 0, refundsNow: 0, refundsThen: 0, ordersNow: 0, ordersThen: 0 };
  const currency = store.currency ?? '';
  for (const row of days) {
    // judgeStores kept only stores with a rate on or before the first day, so every day converts.
    const gross = convert(currency, store.digits, row.day, Number(row.gross)) ?? 0;
    const refunds = convert(currency, store.digits, row.day, Number(row.refunds)) ?? 0;
    if (row.day >= start) {
      figures.grossNow += gross;
      figures.refundsNow += refunds;
      figures.ordersNow += row.orders;
    } else {
      figures.grossThen += gross;
      figures.refundsThen += refunds;
      figures.ordersThen += row.orders;
    }
  }
  return figures;
}
