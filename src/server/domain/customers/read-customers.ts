import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MIN_REPEAT_CUSTOMERS_SHOWN } from '../../../core/pipeline/thresholds.ts';
import { addDays } from '../../../shared/calendar.ts';
import type {
  CustomerList,
  CustomerListQuery,
  CustomersSummary,
  LifetimeDiagnostics,
} from '../../../shared/contracts/customers.ts';
import { dayRangeRequestOf } from '../../../shared/contracts/date-range.ts';
import { currencyDigitsOf, majorToDecimal, majorToMinor, minorToDecimal } from '../../../shared/money.ts';
import { queryRows } from '../../db/query-rows.ts';
import type { CachedReads } from '../../http/deps.ts';
import {
  findLatestRun,
  type LatestRun,
  readCustomerSegments,
  readSnapshotOnce,
} from '../analysis-runs/read-analytics.ts';
import { readMetricWindow, validOrderOf } from '../metrics/metric-window.ts';

const CHURN_BINS = 10;

const finiteOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** The run's lifetime-model diagnostics (written by the analysis as JSON) in the contract's shape. */
function lifetimeOf(run: LatestRun | null): LifetimeDiagnostics {
  const raw = (run?.diagnostics as { lifetime?: Record<string, unknown> } | undefined)?.lifetime;
  const status = raw?.status === 'fitted' || raw?.status === 'insufficient_data' ? raw.status : 'not_run';
  const readFit = <K extends string>(value: unknown, keys: readonly K[]) => {
    if (!value || typeof value !== 'object') return null;
    const record = value as Record<string, unknown>;
    const numbers = Object.fromEntries(keys.map((k) => [k, finiteOrNull(record[k])])) as Record<
      K,
      number | null
    >;
    const logLikelihood = finiteOrNull(record.logLikelihood);
    if (keys.some((k) => numbers[k] === null) || logLikelihood === null) return null;
    return {
      ...(numbers as Record<K, number>),
      logLikelihood,
      converged: record.converged === true,
      customers: Math.round(finiteOrNull(record.customers) ?? 0),
    };
  };
  return {
    status,
    repeatCustomers: finiteOrNull(raw?.repeatCustomers),
    minimumRepeatCustomers: finiteOrNull(raw?.minimum) ?? MIN_REPEAT_CUSTOMERS_SHOWN,
    timeUnit: typeof raw?.timeUnit === 'string' ? raw.timeUnit : null,
    horizonMonths: finiteOrNull(raw?.horizonMonths),
    monthlyDiscountRate: finiteOrNull(raw?.monthlyDiscountRate),
    churnModel:
      status === 'fitted' ? (typeof raw?.churnModel === 'string' ? raw.churnModel : 'BG/NBD') : null,
    bgnbd: status === 'fitted' ? readFit(raw?.bgnbd, ['r', 'alpha', 'a', 'b'] as const) : null,
    mbgnbd: status === 'fitted' ? readFit(raw?.mbgnbd, ['r', 'alpha', 'a', 'b'] as const) : null,
    gammaGamma: status === 'fitted' ? readFit(raw?.gammaGamma, ['p', 'q', 'gamma'] as const) : null,
  };
}

/**
 * GET /api/customers/summary: the latest analysis run's RFM segments with their customer and
 * revenue shares, churn and 12-month CLV (when the lifetime models could be fitted), the churn
 * distribution and the models' fit in brief. No run yet → an empty answer, never an error.
 */
export async function readCustomersSummary(
  reads: CachedReads,
  workspaceId: string,
): Promise<CustomersSummary> {
  const run = await findLatestRun(reads, workspaceId);
  if (!run) return summarizeRun(reads, workspaceId, null);
  return readSnapshotOnce(reads.caches, workspaceId, run.id, 'customers-summary', () =>
    summarizeRun(reads, workspaceId, run),
  );
}

const SummarizeRunRow = z.object({
  bin: z.number(),
  customers: z.number(),
  expected: z.number(),
  clv: z.number(),
});

async function summarizeRun(
  reads: CachedReads,
  workspaceId: string,
  run: LatestRun | null,
): Promise<CustomersSummary> {
  const { db } = reads;
  const lifetime = lifetimeOf(run);
  const segments = run ? await readCustomerSegments(reads, workspaceId) : [];
  const customers = segments.reduce((sum, s) => sum + s.count, 0);
  // Snapshots keep revenue in major units (a float sum of exact amounts): each segment's is rounded to
  // the minor unit once, and the total is the sum of those, so the page's parts add up to its whole.
  const digits = currencyDigitsOf(run?.currencyCode ?? 'USD');
  const segmentMinor = segments.map((s) => majorToMinor(s.revenue, digits));
  const revenue = segmentMinor.reduce((sum, minor) => sum + minor, 0);
  const estimate = (major: number | null) => estimateOf(major, digits);
  const fitted = lifetime.status === 'fitted';
  const bins =
    run && fitted
      ? await queryRows(
          db,
          SummarizeRunRow,
          // Churn = 1 − P(alive); width_bucket puts exactly 1 in bin 11, folded into the last.
          sql`SELECT least(width_bucket(1 - probability_alive, 0, 1, ${CHURN_BINS}), ${CHURN_BINS})::int AS bin,
                count(*)::int AS customers, sum(expected_orders_12m)::float8 AS expected,
                sum(clv_12m)::float8 AS clv
              FROM analysis_customers
              WHERE run_id = ${run.id} AND workspace_id = ${workspaceId} AND probability_alive IS NOT NULL
              GROUP BY 1`,
        )
      : [];
  const share = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);
  return {
    hasData: customers > 0,
    currency: run?.currencyCode ?? null,
    asOf: run?.asOf ?? null,
    analysedAt: run?.finishedAt?.toISOString() ?? null,
    customers,
    revenue: minorToDecimal(revenue, digits),
    segments: segments.map((s, i) => ({
      segment: s.segment,
      customers: s.count,
      customerShare: share(s.count, customers),
      revenue: minorToDecimal(segmentMinor[i] ?? 0, digits),
      revenueShare: share(segmentMinor[i] ?? 0, revenue),
      orders: s.orders,
      growthRate: s.growthRate,
      averageProbabilityAlive: s.averageProbabilityAlive,
      averageChurnProbability: s.averageProbabilityAlive === null ? null : 1 - s.averageProbabilityAlive,
      averageClv: estimate(s.averageClv),
      // Every customer of a fitted run has a CLV, so the segment total is mean × count.
      totalClv: estimate(s.averageClv === null ? null : s.averageClv * s.count),
    })),
    lifetime,
    churnDistribution:
      bins.length === 0
        ? []
        : Array.from({ length: CHURN_BINS }, (_, i) => ({
            from: i / CHURN_BINS,
            to: (i + 1) / CHURN_BINS,
            customers: Number(bins.find((b) => Number(b.bin) === i + 1)?.customers ?? 0),
          })),
    expectedOrders12m: fitted ? bins.reduce((sum, b) => sum + Number(b.expected ?? 0), 0) : null,
    clv12m: estimate(fitted ? bins.reduce((sum, b) => sum + Number(b.clv ?? 0), 0) : null),
  };
}

/** A model's estimate in major units as wire money (null stays null: the models were not fitted). */
const estimateOf = (major: number | null, digits: number) =>
  major === null ? null : majorToDecimal(major, digits);

/** ORDER BY of each sort for direction 'desc' (highest / most recent first); nulls always last. */
const SORTS: Record<CustomerListQuery['sort'], { desc: SQL; asc: SQL }> = {
  clv: { desc: sql`c.clv_12m DESC NULLS LAST`, asc: sql`c.clv_12m ASC NULLS LAST` },
  churn: { desc: sql`c.probability_alive ASC NULLS LAST`, asc: sql`c.probability_alive DESC NULLS LAST` },
  lastOrder: { desc: sql`c.recency_days ASC`, asc: sql`c.recency_days DESC` },
  revenue: { desc: sql`c.monetary DESC`, asc: sql`c.monetary ASC` },
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

const CustomerRow = z.object({ total: z.number() });

const CustomerRow2 = z.object({
  customer_id: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  recency_days: z.number(),
  frequency: z.number(),
  monetary: z.number(),
  r: z.number(),
  f: z.number(),
  m: z.number(),
  segment: z.string(),
  probability_alive: z.number().nullable(),
  expected_orders_12m: z.number().nullable(),
  clv_12m: z.number().nullable(),
});

/**
 * GET /api/customers: one page of the latest run's customers with their RFM scores, segment,
 * P(alive), expected orders and CLV, joined to the synced names and e-mails of the caller's own
 * workspace (the only place customer details ever go), sortable and searchable by name or e-mail.
 * A member without personal-data access (`personalData: false`, issue #17) sees masked rows only,
 * so `q` must not find anyone by their real name or e-mail either (that would confirm who shops
 * here): for them it matches the customer id alone, exactly.
 */
export async function listCustomers(
  reads: CachedReads,
  workspaceId: string,
  query: CustomerListQuery,
  now: Date,
  access: { personalData: boolean } = { personalData: true },
): Promise<CustomerList> {
  const { db } = reads;
  const ranged = query.from !== undefined || query.period !== undefined;
  const [run, window] = await Promise.all([
    findLatestRun(reads, workspaceId),
    ranged ? readMetricWindow(db, workspaceId, dayRangeRequestOf(query), now, 'none') : null,
  ]);
  const empty = {
    currency: run?.currencyCode ?? null,
    asOf: run?.asOf ?? null,
    from: window?.start ?? null,
    to: window?.end ?? run?.asOf ?? null,
    comparison: window?.comparison ?? null,
    total: 0,
    page: query.page,
    pageSize: query.pageSize,
    customers: [],
  };
  if (!run?.asOf) return empty;
  const filters: SQL[] = [sql`c.run_id = ${run.id}`, sql`c.workspace_id = ${workspaceId}`];
  if (query.segment) filters.push(sql`c.segment = ${query.segment}`);
  if (window) {
    filters.push(sql`c.customer_id IN (SELECT o.customer_id FROM wh_orders o
      WHERE ${validOrderOf(workspaceId)} AND o.order_date BETWEEN ${window.start}::date AND ${window.end}::date)`);
  }
  const byName = Boolean(query.q) && access.personalData;
  if (query.q && byName) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(
      sql`(w.email ILIKE ${pattern} OR concat_ws(' ', w.first_name, w.last_name) ILIKE ${pattern})`,
    );
  } else if (query.q) filters.push(sql`c.customer_id::text = ${query.q}`);
  const where = sql.join(filters, sql` AND `);
  // Names are joined for the search only; otherwise just for the one page of rows shown.
  const from = byName
    ? sql`analysis_customers c
        JOIN wh_customers w ON w.workspace_id = c.workspace_id AND w.customer_id = c.customer_id`
    : sql`analysis_customers c`;
  const order = sql`${SORTS[query.sort][query.direction]}, c.customer_id`;
  // A run's customers never change: the count of a filter is read once per run.
  const [counted] = await readSnapshotOnce(
    reads.caches,
    workspaceId,
    run.id,
    `customers-count/${window?.start ?? ''}/${window?.end ?? ''}/${query.segment ?? ''}/${byName ? 'name' : 'id'}/${query.q ?? ''}`,
    () => queryRows(db, CustomerRow, sql`SELECT count(*)::int AS total FROM ${from} WHERE ${where}`),
  );
  const rows = await queryRows(
    db,
    CustomerRow2,
    sql`SELECT c.customer_id::text AS customer_id, w.first_name, w.last_name, w.email, c.recency_days,
          c.frequency, c.monetary, c.r, c.f, c.m, c.segment, c.probability_alive, c.expected_orders_12m, c.clv_12m
        FROM (SELECT c.* FROM ${from} WHERE ${where} ORDER BY ${order}
          LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}) c
        LEFT JOIN wh_customers w ON w.workspace_id = c.workspace_id AND w.customer_id = c.customer_id
        ORDER BY ${order}`,
  );
  const asOf = run.asOf;
  const digits = currencyDigitsOf(run.currencyCode ?? 'USD');
  return {
    ...empty,
    total: Number(counted?.total ?? 0),
    customers: rows.map((row) => {
      const alive = finiteOrNull(row.probability_alive);
      const name = [row.first_name, row.last_name].filter((part) => part && part.trim() !== '').join(' ');
      return {
        customerId: row.customer_id,
        name: name === '' ? null : name,
        email: row.email,
        lastOrderDate: addDays(asOf, -Number(row.recency_days)),
        recencyDays: Number(row.recency_days),
        orders: Number(row.frequency),
        revenue: majorToDecimal(Number(row.monetary), digits),
        r: Number(row.r),
        f: Number(row.f),
        m: Number(row.m),
        segment: row.segment,
        probabilityAlive: alive,
        churnProbability: alive === null ? null : 1 - alive,
        expectedOrders12m: finiteOrNull(row.expected_orders_12m),
        clv12m: estimateOf(finiteOrNull(row.clv_12m), digits),
      };
    }),
  };
}
