import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { OpportunityEvidence } from '../../../core/opportunities/types.ts';
import { DAY_MS } from '../../../shared/calendar.ts';
import type {
  Opportunity,
  OpportunitySort,
  OpportunityStats,
} from '../../../shared/contracts/opportunities.ts';
import {
  currencyDigitsOf,
  majorToDecimal,
  majorToMinor,
  minorToDecimal,
  moneyFact,
} from '../../../shared/money.ts';
import { impactKindOf, SAVINGS_OPPORTUNITY_TYPES } from '../../../shared/opportunity-impact.ts';
import { compareByProfitImpact } from '../../../shared/opportunity-order.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { analysisMetrics, opportunities } from '../../db/schema/analysis.ts';
import { notFound } from '../../errors.ts';
import type { CachedReads } from '../../http/deps.ts';
import { findLatestRun, type LatestRun, readSnapshotOnce } from '../analysis-runs/read-analytics.ts';

type OpportunityRow = typeof opportunities.$inferSelect;

const METRIC_LABELS: Record<string, string> = {
  product: 'Product revenue, last 30 days',
  campaign: 'Campaign verified revenue minus spend, last 30 days',
  segment: 'Segment revenue, last 30 days',
  channel: 'Channel verified revenue, last 30 days',
  store: 'Store revenue, last 30 days',
  repeat: 'Repeat-order revenue, last 30 days',
};

/** Dismissed and not snoozed past: off the list (SQL over the opportunities row). */
const listedNow = sql`(${opportunities.status} <> 'dismissed' OR ${opportunities.snoozedUntil} <= now())`;

/**
 * An opportunity on the wire (decision 170): the stored float estimates (major units) each rounded
 * once to the minor unit and written as `MoneySchema`; the measured value is baseline + realised
 * change summed in minor units, so the Testing page's before, after and change add up exactly.
 */
export function presentOpportunity(row: OpportunityRow, currency: string, now = new Date()): Opportunity {
  // As the detectors wrote it: amounts in major units (core `OpportunityEvidence`).
  const evidence = row.evidence as OpportunityEvidence | null;
  const digits = currencyDigitsOf(currency);
  const money = (major: number | null) => (major === null ? null : majorToDecimal(major, digits));
  const baseline = row.baseline?.value ?? null;
  const measured =
    baseline === null || row.realisedImpact === null
      ? null
      : minorToDecimal(majorToMinor(baseline, digits) + majorToMinor(row.realisedImpact, digits), digits);
  // A snooze that has passed lists the opportunity as open again, with no write needed.
  const snoozePassed = row.status === 'dismissed' && row.snoozedUntil !== null && row.snoozedUntil <= now;
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    priority: row.priority,
    revenueImpactMin: majorToDecimal(row.revenueImpactMin, digits),
    revenueImpactMax: majorToDecimal(row.revenueImpactMax, digits),
    impactKind: impactKindOf(row.type),
    profitImpactMin: money(row.profitImpactMin),
    profitImpactMax: money(row.profitImpactMax),
    losesMoney: row.losesMoney,
    profitNote: row.profitNote,
    profitCoverage:
      row.profitUnitsSold === null || row.profitUnitsWithCost === null
        ? null
        : {
            unitsSold: row.profitUnitsSold,
            unitsWithCost: row.profitUnitsWithCost,
            share: row.profitUnitsSold > 0 ? row.profitUnitsWithCost / row.profitUnitsSold : null,
          },
    confidenceScore: row.confidenceScore,
    effortLevel: row.effortLevel,
    status: snoozePassed ? 'open' : row.status,
    currency,
    evidence: {
      method: evidence?.method ?? '',
      facts: (evidence?.facts ?? []).map((f) =>
        f.unit === 'currency' ? moneyFact(f, digits) : { label: f.label, value: f.value, unit: f.unit },
      ),
    },
    firstDetectedAt: row.firstDetectedAt.toISOString(),
    lastDetectedAt: row.lastDetectedAt.toISOString(),
    implementedAt: row.implementedAt?.toISOString() ?? null,
    baselineValue: money(baseline),
    metricLabel: METRIC_LABELS[row.metricKey.split(':')[0] ?? ''] ?? row.metricKey,
    realisedImpact: money(row.realisedImpact),
    measuredValue: measured,
    realisedMeasuredAt: row.realisedMeasuredAt?.toISOString() ?? null,
    snoozedUntil: snoozePassed ? null : (row.snoozedUntil?.toISOString() ?? null),
  };
}

/**
 * The opportunity list: those the latest analysis run detected plus every implemented one (so its
 * measured impact stays visible), dismissed ones left out until restored or their snooze passes;
 * largest upper impact first.
 */
export async function listOpportunities(reads: CachedReads, workspaceId: string): Promise<Opportunity[]> {
  // Not kept here: the list is kept once, as the bytes GET /api/opportunities serves to its 30 s
  // polls (http/plugins/snapshot-json.ts); the CSV export and the digest read it when asked.
  const run = await findLatestRun(reads, workspaceId);
  if (!run) return [];
  return readOpportunitiesOfRun(reads.db, workspaceId, run);
}

/**
 * The list in the order asked for: by upper revenue impact (the spec's), or by profit impact — the
 * written amounts compared, as the page compares them.
 */
function sortOpportunities(list: readonly Opportunity[], sort: OpportunitySort): Opportunity[] {
  return sort === 'revenue' ? [...list] : [...list].sort(compareByProfitImpact);
}

/** The list as of a run (uncached; callers cache it under the run and the list version). */
export async function readOpportunitiesOfRun(
  db: Db,
  workspaceId: string,
  run: LatestRun,
  sort: OpportunitySort = 'revenue',
): Promise<Opportunity[]> {
  const rows = await db
    .select()
    .from(opportunities)
    .where(
      and(
        eq(opportunities.workspaceId, workspaceId),
        listedNow,
        or(eq(opportunities.lastRunId, run.id), eq(opportunities.status, 'implemented')),
      ),
    )
    .orderBy(desc(opportunities.revenueImpactMax), opportunities.id);
  const currency = run.currencyCode ?? 'USD';
  return sortOpportunities(
    rows.map((row) => presentOpportunity(row, currency)),
    sort,
  );
}

/**
 * Stats (design §6): totalPotential = Σ revenueImpactMax of open opportunities whose impact is
 * revenue; totalSavings the same of those that save spend (issue #36); highPriorityCount
 * = open and high; confidenceScore = 100 − WAPE of the latest run's backtested forecast (0 when
 * none); implementationRate = implemented in the period / detected in the period, in percent.
 * Polled every 30 s, so kept per run, list version and period while the period's start has not
 * passed a counted detection or implementation (the counts change only then).
 */
export async function readOpportunityStats(
  { db, caches }: CachedReads,
  workspaceId: string,
  run: LatestRun | null,
  listVersion: string,
  periodDays: number,
  now: Date,
): Promise<OpportunityStats> {
  const since = now.getTime() - periodDays * DAY_MS;
  if (!run) return (await countOpportunityStats(db, workspaceId, null, periodDays, since)).stats;
  const counted = await readSnapshotOnce(
    caches,
    workspaceId,
    run.id,
    `opportunity-stats/${listVersion}/${periodDays}`,
    () => countOpportunityStats(db, workspaceId, run, periodDays, since),
    (kept) => kept.since <= since && (kept.countedFrom === null || since <= kept.countedFrom),
  );
  return counted.stats;
}

interface CountedStats {
  stats: OpportunityStats;
  /** Start of the period they were counted for (ms). */
  since: number;
  /**
   * Earliest detection or implementation time still counted (ms, floored: `since` is whole ms):
   * once the period starts after it, a count drops. Null when nothing is counted.
   */
  countedFrom: number | null;
}

const CountOpportunityStatRow = z.object({
  potential: z.string().nullable(),
  savings: z.string().nullable(),
  high: z.number(),
  detected: z.number(),
  implemented: z.number(),
  counted_from: z.number().nullable(),
});

async function countOpportunityStats(
  db: Db,
  workspaceId: string,
  run: LatestRun | null,
  periodDays: number,
  since: number,
): Promise<CountedStats> {
  const wape = (run?.forecastAccuracy as { accuracy?: { wape?: number } | null } | null)?.accuracy?.wape;
  const from = new Date(since).toISOString();
  const currency = run?.currencyCode ?? 'USD';
  const digits = currencyDigitsOf(currency);
  // Each opportunity's upper impact rounded once to the minor unit (half away from zero), then summed exactly.
  const minorOf = sql`round((revenue_impact_max * ${10 ** digits})::numeric)`;
  // One aggregate over the workspace's opportunities; "open" = on the latest run's list, not
  // implemented, not dismissed (a passed snooze is open again).
  const open = sql`(status = 'open' OR (status = 'dismissed' AND snoozed_until <= now())) AND last_run_id = ${run?.id ?? null}::uuid`;
  const savingsTypes = sql.join(
    SAVINGS_OPPORTUNITY_TYPES.map((type) => sql`${type}`),
    sql`, `,
  );
  const [row] = await queryRows(
    db,
    CountOpportunityStatRow,
    sql`SELECT
          sum(${minorOf}) FILTER (WHERE ${open} AND type NOT IN (${savingsTypes}))::text AS potential,
          sum(${minorOf}) FILTER (WHERE ${open} AND type IN (${savingsTypes}))::text AS savings,
          count(*) FILTER (WHERE ${open} AND priority = 'high')::int AS high,
          count(*) FILTER (WHERE last_detected_at >= ${from} OR implemented_at >= ${from})::int AS detected,
          count(*) FILTER (WHERE implemented_at >= ${from})::int AS implemented,
          floor(extract(epoch FROM least(
            min(greatest(last_detected_at, implemented_at)) FILTER (WHERE last_detected_at >= ${from} OR implemented_at >= ${from}),
            min(implemented_at) FILTER (WHERE implemented_at >= ${from})
          )) * 1000)::float8 AS counted_from
        FROM opportunities WHERE workspace_id = ${workspaceId}`,
  );
  const detected = Number(row?.detected ?? 0);
  const implemented = Number(row?.implemented ?? 0);
  const countedFrom = row?.counted_from;
  return {
    stats: {
      totalPotential: minorToDecimal(run ? Number(row?.potential ?? 0) : 0, digits),
      totalSavings: minorToDecimal(run ? Number(row?.savings ?? 0) : 0, digits),
      currency,
      highPriorityCount: run ? Number(row?.high ?? 0) : 0,
      confidenceScore:
        typeof wape === 'number' ? Math.round(Math.min(100, Math.max(0, 100 - wape)) * 10) / 10 : 0,
      implementationRate: detected > 0 ? Math.round((1000 * implemented) / detected) / 10 : 0,
      period: periodDays,
      detectedInPeriod: detected,
      implementedInPeriod: implemented,
    },
    since,
    countedFrom: countedFrom === null || countedFrom === undefined ? null : Number(countedFrom),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The workspace's opportunity `id`; unknown ids and other workspaces' ids are 404 (never telling which). */
export async function findOwnOpportunity(db: Db, workspaceId: string, id: string): Promise<OpportunityRow> {
  const missing = () => notFound('Opportunity not found.');
  if (!UUID.test(id)) throw missing();
  const [row] = await db
    .select()
    .from(opportunities)
    .where(and(eq(opportunities.id, id), eq(opportunities.workspaceId, workspaceId)));
  if (!row) throw missing();
  return row;
}

/**
 * Records the owner's decision to implement an opportunity and the tracked metric's value now as
 * the baseline. Idempotent: a second call returns the same opportunity unchanged. Unknown ids and
 * other workspaces' ids are 404 (never telling which).
 */
export async function implementOpportunity(
  reads: CachedReads,
  workspaceId: string,
  userId: string,
  id: string,
  now: Date,
): Promise<Opportunity> {
  const { db } = reads;
  const row = await findOwnOpportunity(db, workspaceId, id);
  const run = await findLatestRun(reads, workspaceId);
  const currency = run?.currencyCode ?? 'USD';
  if (row.status === 'implemented') return presentOpportunity(row, currency);
  let baselineValue: number | null = null;
  if (run) {
    const [metric] = await db
      .select({ value: analysisMetrics.value })
      .from(analysisMetrics)
      .where(and(eq(analysisMetrics.runId, run.id), eq(analysisMetrics.metricKey, row.metricKey)));
    baselineValue = metric?.value ?? null;
  }
  // The status condition makes two concurrent calls record one decision.
  await db
    .update(opportunities)
    .set({
      status: 'implemented',
      implementedAt: now,
      implementedBy: userId,
      snoozedUntil: null,
      statusChangedAt: now,
      baseline: {
        metricKey: row.metricKey,
        value: baselineValue,
        runId: run?.id ?? null,
        measuredAt: now.toISOString(),
      },
    })
    .where(
      and(
        eq(opportunities.id, id),
        eq(opportunities.workspaceId, workspaceId),
        ne(opportunities.status, 'implemented'),
      ),
    );
  const [updated] = await db.select().from(opportunities).where(eq(opportunities.id, id));
  return presentOpportunity(updated!, currency);
}

const CSV_COLUMNS = [
  'id',
  'type',
  'title',
  'description',
  'priority',
  'revenueImpactMin',
  'revenueImpactMax',
  'currency',
  'confidenceScore',
  'effortLevel',
  'status',
  'implementedAt',
  'realisedImpact',
] as const;

/**
 * One CSV cell: quoted when needed; a leading = + - @ is defused so spreadsheets never run it — but
 * not a wire amount's minus sign ("-12.50" is a number to a spreadsheet, not a formula).
 */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text))
    text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The opportunity list as CSV (Export Report), header row first, same order as the list. */
export async function exportOpportunitiesCsv(reads: CachedReads, workspaceId: string): Promise<string> {
  const list = await listOpportunities(reads, workspaceId);
  const lines = [CSV_COLUMNS.join(',')];
  for (const o of list) lines.push(CSV_COLUMNS.map((column) => csvCell(o[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
