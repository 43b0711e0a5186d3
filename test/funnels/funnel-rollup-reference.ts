import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { z } from 'zod';
import { gapBucketOf } from '../../src/core/funnels/gap-bucket-of.ts';
import { matchFunnelMarks } from '../../src/core/funnels/match-funnel-marks.ts';
import { summarizeFunnel } from '../../src/core/funnels/summarize-funnel.ts';
import { type FunnelStepSession, summarizeFunnelStep } from '../../src/core/funnels/summarize-funnel-step.ts';
import { queryRows } from '../../src/server/db/query-rows.ts';
import {
  channelOfSession,
  type FunnelSessionRow,
} from '../../src/server/domain/funnels/funnel-session-filter.ts';
import { contributionOfRow } from '../../src/server/domain/funnels/read-funnel-rollups.ts';
import { readFunnelSessionMarks } from '../../src/server/features/funnels/funnel-session-marks.ts';
import { localDayOf } from '../../src/shared/calendar.ts';
import type { Funnel, FunnelReport, FunnelStepSessions } from '../../src/shared/contracts/funnels.ts';
import { minorToDecimal, parseDecimalToMinor } from '../../src/shared/money.ts';
import { periodOrderRevenue } from '../support/period-order-revenue.ts';
import {
  type Filters,
  FROM,
  type FunnelRollupWorld,
  OWN,
  QUERIES,
  SEGMENTS,
  TO,
  TZ,
} from './funnel-rollup-world.ts';

/**
 * The reference funnel-rollup-agreement.test.ts holds the pre-aggregates equal to (decision 134):
 * the raw read (readFunnelSessionMarks + matchFunnelMarks + summarizeFunnel, decision 118), each
 * filter's sessions told in JS (decision 235), each RFM segment's sessions told from the planted
 * runs, and a recount of the daily step tables from the raw events (decision 153).
 */

/** A raw-read session as summarizeFunnelStep reads it. */
const stepSessionOf = ({
  row,
  passedAt,
  revenue,
}: {
  row: FunnelSessionRow;
  passedAt: number[];
  revenue: number;
}): FunnelStepSession => ({
  sessionId: row.session_id,
  trackingId: row.tracking_id,
  startedAt: row.started_at.getTime(),
  device: row.device,
  exitPage: row.exit_page,
  passedAt,
  revenue,
});

/**
 * The raw read of the sessions that passed step 1 over the days compared, unfiltered, and the
 * period's order revenue: each filter's sessions are then kept in JS (keptBy), one read a state.
 */
async function rawRead(world: FunnelRollupWorld, funnel: Pick<Funnel, 'steps' | 'windowMinutes'>) {
  const { app, workspaceId } = world;
  const rows = await readFunnelSessionMarks(app.db, {
    workspaceId,
    steps: funnel.steps,
    timeZone: TZ,
    from: FROM,
    to: TO,
    filters: {},
  });
  const revenue = await periodOrderRevenue(app.db, workspaceId, FROM, TO);
  return { funnel, rows, revenue, slices: await sessionSlices(world) };
}

/**
 * A filter's sessions of the raw read, told in JS from each session's row (device, channel) and its
 * slices (campaign, A/B variant, visitor kind): the report's filters as decisions 114, 118, 199 and
 * 202 define them, independently of funnelSessionFilter's SQL (decision 235).
 */
function keptBy(filters: Filters, row: FunnelSessionRow, slices: readonly string[]): boolean {
  const { device, channel, campaign, visitor, experiment, variant, ...rest } = filters;
  // A filter told nowhere here (the segment, compared apart) would keep every session.
  expect(rest).toEqual({});
  return (
    (!device || row.device === device) &&
    (!channel || channelOfSession(row) === channel) &&
    (!campaign || slices.includes(`c:${campaign}`)) &&
    (!visitor || slices.includes(`n:${visitor}`)) &&
    (!(experiment && variant) || slices.includes(`v:${experiment}:${variant}`))
  );
}

/** The steps (summarizeFunnel) and sessions of a raw read under a filter, and of the sessions `kept`. */
function rawSteps(
  raw: Awaited<ReturnType<typeof rawRead>>,
  filters: Filters,
  kept: (sessionId: string) => boolean = () => true,
) {
  const { funnel } = raw;
  const sessions = raw.rows
    .filter((r) => kept(r.session_id) && keptBy(filters, r, raw.slices.get(r.session_id) ?? []))
    .map((r) => ({
      row: r,
      passedAt: matchFunnelMarks(
        funnel.steps.length,
        r.times.map((at, i) => ({ at, steps: r.steps[i]! })),
        funnel.windowMinutes * 60_000,
      ),
      revenue: r.revenue,
      contribution: contributionOfRow(r),
    }));
  const steps = summarizeFunnel(funnel.steps.length, sessions, raw.revenue).map((step, i) => ({
    name: funnel.steps[i]!.value,
    ...step,
    revenue: minorToDecimal(Math.round(step.revenue), 2),
    contribution: minorToDecimal(Math.round(step.contribution), 2),
  }));
  return { steps, sessions };
}

/**
 * The report under each RFM segment asked (decision 224: its slice of the latest run, or decision 208's
 * statement while a re-slice is pending) equals the raw read of the segment's sessions, told here in
 * JS (segmentSessions).
 */
export async function expectSegmentAgreement(
  world: FunnelRollupWorld,
  id: string,
  funnel: Pick<Funnel, 'steps' | 'windowMinutes'>,
  planted: boolean,
  segments: readonly string[] = ['Champions'],
  read?: Awaited<ReturnType<typeof rawRead>>,
) {
  const { app, owner } = world;
  const members = await segmentSessions(world);
  const raw = read ?? (await rawRead(world, funnel));
  for (const segment of segments) {
    const segmentResponse = await app.request(
      `/api/funnels/${id}/report?from=${FROM}&to=${TO}&segment=${encodeURIComponent(segment)}`,
      { cookie: owner },
    );
    expect(segmentResponse.status, await segmentResponse.clone().text()).toBe(200);
    const segmentSteps = ((await segmentResponse.json()) as FunnelReport).steps;
    const inSegment = members.get(segment) ?? new Set();
    expect(segmentSteps, `segment=${segment}`).toEqual(rawSteps(raw, {}, (s) => inSegment.has(s)).steps);
    if (planted && segment === 'Champions')
      // Not an empty agreement: more Champion sessions than their orders' own, fewer than all.
      expect(inSegment.size > members.get(OWN)!.size && segmentSteps[0]!.sessions > 0).toBe(true);
  }
}

/**
 * The report under every filter of QUERIES, the Champions' segment report and the drill-downs under
 * the first six filters equal the raw read of funnel `id` (defined as `funnel`); with `planted`, none
 * of them is an empty agreement.
 */
export async function expectAgreement(
  world: FunnelRollupWorld,
  id: string,
  funnel: Pick<Funnel, 'steps' | 'windowMinutes'>,
  planted = true,
) {
  // The raw read, taken once, each filter kept from it in JS: the reports, the segment's and the
  // drill-downs below compare with the same read (nothing between writes a raw table).
  const { app, owner } = world;
  const read = await rawRead(world, funnel);
  const raws: ReturnType<typeof rawSteps>[] = [];
  for (const filters of QUERIES) {
    const query = new URLSearchParams({ from: FROM, to: TO, ...filters });
    const response = await app.request(`/api/funnels/${id}/report?${query}`, { cookie: owner });
    expect(response.status, await response.clone().text()).toBe(200);
    const report = (await response.json()) as FunnelReport;
    const raw = rawSteps(read, filters);
    raws.push(raw);
    expect(report.steps, JSON.stringify(filters)).toEqual(raw.steps);
    if (planted && Object.keys(filters).length === 0) {
      // Not an empty agreement: sessions pass every step, with gaps and orders.
      expect(report.steps.every((step) => step.sessions > 0)).toBe(true);
      expect(report.steps.at(-1)!.medianSeconds).toBeGreaterThan(0);
      expect(parseDecimalToMinor(report.steps.at(-1)!.revenue, 2)).toBeGreaterThan(0);
    }
  }
  await expectSegmentAgreement(world, id, funnel, planted, undefined, read);
  // The drill-down (decision 208: counted and listed in SQL over the folded paths) gives, at every
  // step and under each filter, summarizeFunnelStep over the raw read: counts, exit pages, latest.
  // Decision 225: under these six, from the pre-aggregates (step tables, exit rollup, index walks).
  for (const [q, filters] of QUERIES.slice(0, 6).entries()) {
    const { sessions } = raws[q]!;
    for (const step of funnel.steps.keys()) {
      const query = new URLSearchParams({ from: FROM, to: TO, ...filters });
      const drill = await app.request(`/api/funnels/${id}/steps/${step + 1}/sessions?${query}`, {
        cookie: owner,
      });
      expect(drill.status, await drill.clone().text()).toBe(200);
      const body = (await drill.json()) as FunnelStepSessions;
      const raw = summarizeFunnelStep(step, sessions.map(stepSessionOf));
      expect(
        {
          sessions: body.sessions,
          leftHere: body.leftHere,
          exitPages: body.exitPages,
          latest: body.latest,
        },
        `step ${step + 1} ${JSON.stringify(filters)}`,
      ).toEqual({
        ...raw,
        latest: raw.latest.map((s) => ({
          ...s,
          startedAt: new Date(s.startedAt).toISOString(),
          revenue: minorToDecimal(Math.round(s.revenue), 2),
        })),
      });
      if (planted && step < 2 && Object.keys(filters).length === 0)
        // Not an empty agreement: more sessions passed step 1 than the list holds; some left at step 2.
        expect(step === 0 ? raw.sessions > raw.latest.length : raw.leftHere > 0).toBe(true);
    }
  }
}

/**
 * The sessions of each RFM segment of the latest planted run (`customerSegments`), told in JS: the
 * sessions of a segment customer's order's journey, or of its journey's visitor (decision 208); under
 * OWN, the Champions' orders' own sessions.
 */
async function segmentSessions(world: FunnelRollupWorld): Promise<Map<string, Set<string>>> {
  const { app, workspaceId, customerSegments } = world;
  const Journey = z.object({
    session_id: z.string(),
    visitor_id: z.string().nullable(),
    customer_id: z.coerce.number(),
  });
  const journeys = await queryRows(
    app.db,
    Journey,
    sql`SELECT j.session_id, j.visitor_id, o.customer_id FROM tracking_order_journeys j
      JOIN wh_orders o ON o.workspace_id = j.workspace_id AND o.order_id = j.order_id
      WHERE j.workspace_id = ${workspaceId}::uuid`,
  );
  const visitors = await queryRows(
    app.db,
    z.object({ session_id: z.string(), visitor_id: z.string().nullable() }),
    sql`SELECT session_id, visitor_id FROM tracking_sessions WHERE workspace_id = ${workspaceId}::uuid`,
  );
  const members = new Map<string, Set<string>>();
  for (const segment of SEGMENTS) {
    const own = journeys.filter((j) => customerSegments.get(j.customer_id) === segment);
    const ownVisitors = new Set(own.map((j) => j.visitor_id));
    members.set(
      segment,
      new Set([
        ...own.map((j) => j.session_id),
        ...visitors
          .filter((v) => v.visitor_id !== null && ownVisitors.has(v.visitor_id))
          .map((v) => v.session_id),
      ]),
    );
    if (segment === 'Champions') members.set(OWN, new Set(own.map((j) => j.session_id)));
  }
  return members;
}

/** The run a funnel's segment slices are of (decision 224), and the store's latest run. */
export async function segmentRuns(world: FunnelRollupWorld, key: string) {
  const { app, workspaceId } = world;
  const [runs] = await queryRows(
    app.db,
    z.object({ sliced: z.string().nullable(), latest: z.string().nullable() }),
    sql`SELECT (SELECT segment_run_id::text FROM funnel_fold_state WHERE workspace_id = ${workspaceId}::uuid
          AND funnel_key = ${key}) AS sliced,
        (SELECT id::text FROM analysis_runs WHERE workspace_id = ${workspaceId}::uuid AND status = 'succeeded'
          ORDER BY finished_at DESC LIMIT 1) AS latest`,
  );
  return runs!;
}

/**
 * Each session's campaign, A/B variant and visitor-kind slices (decisions 199 and 202: returning
 * when the visitor has a session that started before it), told here from the session rows.
 */
async function sessionSlices(world: FunnelRollupWorld): Promise<Map<string, string[]>> {
  const { app, workspaceId } = world;
  const sliced = await queryRows(
    app.db,
    z.object({ session_id: z.string(), slices: z.array(z.string()) }),
    sql`SELECT s.session_id, array_remove(ARRAY['c:' || s.utm_campaign], NULL)
        || coalesce((SELECT array_agg(DISTINCT 'v:' || v) FROM unnest(s.experiment_variants) v), '{}')
        || CASE WHEN s.started_at > (SELECT min(e.started_at) FROM tracking_sessions e
            WHERE e.workspace_id = s.workspace_id AND e.visitor_id = s.visitor_id)
          THEN 'n:returning' ELSE 'n:new' END AS slices
      FROM tracking_sessions s WHERE s.workspace_id = ${workspaceId}::uuid`,
  );
  return new Map(sliced.map((row) => [row.session_id, row.slices]));
}

/**
 * Decision 153: after incremental folds, both daily step tables hold exactly a recount from the raw
 * events — every session's path (matchFunnelMarks over its raw marks) counted at its shop day,
 * device, channel, step and exact gap (and that gap's bucket), in slice '' and in the slices of its
 * campaign and A/B variants (decision 199), of its visitor kind (decision 202: returning when the
 * visitor has a session that started before it), told here from the session rows, and of its RFM
 * segments (decision 224, segmentSessions: the slices must be of the latest run) — and no row left
 * at 0 sessions.
 */
export async function expectRecount(
  world: FunnelRollupWorld,
  key: string,
  funnel: Pick<Funnel, 'steps' | 'windowMinutes'>,
) {
  const { app, workspaceId } = world;
  const rows = await readFunnelSessionMarks(app.db, {
    workspaceId,
    steps: funnel.steps,
    timeZone: TZ,
    from: '2026-11-17',
    to: '2026-11-23',
    filters: {},
  });
  const sliced = await sessionSlices(world);
  const members = await segmentSessions(world);
  const slicesOf = new Map(
    [...sliced].map(([sessionId, slices]) => [
      sessionId,
      [...slices, ...SEGMENTS.filter((g) => members.get(g)!.has(sessionId)).map((g) => `r:${g}`)],
    ]),
  );
  const exact = new Map<string, number>();
  const buckets = new Map<string, number>();
  const exits = new Map<string, number>();
  const add = (counts: Map<string, number>, k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
  for (const r of rows) {
    const marks = r.times.map((at, i) => ({ at, steps: r.steps[i]! }));
    const passedAt = matchFunnelMarks(funnel.steps.length, marks, funnel.windowMinutes * 60_000);
    for (const slice of ['', ...(slicesOf.get(r.session_id) ?? [])]) {
      const at = [slice, localDayOf(r.started_at, TZ), r.device ?? '', channelOfSession(r) ?? ''].join(' ');
      passedAt.forEach((time, step) => {
        const gap = step === 0 ? 0 : time - passedAt[step - 1]!;
        add(exact, `${at} ${step} ${gap}`);
        add(buckets, `${at} ${step} ${gapBucketOf(gap)}`);
      });
      // Decision 225: where it left (the step it went no further than, its website, its last page);
      // not by RFM segment (the re-slice of decision 224 moves the step tables only).
      if (passedAt.length > 0 && !slice.startsWith('r:'))
        add(exits, `${at} ${passedAt.length} ${r.tracking_id} ${r.exit_page}`);
    }
  }
  // Not an empty check of the slices: both kinds are counted.
  expect([...exact.keys()].some((k) => k.startsWith('c:'))).toBe(true);
  expect([...exact.keys()].some((k) => k.startsWith('v:'))).toBe(true);
  expect([...exact.keys()].some((k) => k.startsWith('n:new '))).toBe(true);
  expect([...exact.keys()].some((k) => k.startsWith('n:returning '))).toBe(true);
  for (const segment of SEGMENTS)
    expect([...exact.keys()].some((k) => k.startsWith(`r:${segment} `))).toBe(true);
  const Stored = z.object({ k: z.string(), sessions: z.coerce.number() });
  const stored = async (table: string, by: string) =>
    queryRows(
      app.db,
      Stored,
      sql`SELECT concat_ws(' ', slice, day::text, device, channel, step, ${sql.raw(by)}) AS k, sessions
        FROM ${sql.identifier(table)} WHERE workspace_id = ${workspaceId}::uuid AND funnel_key = ${key}`,
    );
  const sorted = (counts: Map<string, number>) => [...counts].map(([k, n]) => ({ k, sessions: n }));
  const byKey = (a: { k: string }, b: { k: string }) => a.k.localeCompare(b.k);
  expect(exact.size).toBeGreaterThan(100);
  expect((await stored('funnel_step_days', 'gap_ms')).sort(byKey)).toEqual(sorted(exact).sort(byKey));
  expect((await stored('funnel_step_buckets', 'bucket')).sort(byKey)).toEqual(sorted(buckets).sort(byKey));
  const storedExits = await queryRows(
    app.db,
    Stored,
    sql`SELECT concat_ws(' ', x.slice, x.day::text, x.device, x.channel, x.step, c.tracking_id, x.page_url) AS k,
        x.sessions
      FROM funnel_exit_pages x JOIN tracking_configurations c ON c.id = x.configuration_id
      WHERE x.workspace_id = ${workspaceId}::uuid AND x.funnel_key = ${key}`,
  );
  expect(storedExits.sort(byKey)).toEqual(sorted(exits).sort(byKey));
}
