/**
 * GA4 Data API v1beta report engine over the demo store's GA4 fact cells (contract §2.2–2.5):
 * dimensions and metrics by API name, date ranges (YYYY-MM-DD, NdaysAgo, yesterday, today in the
 * property's time zone, "today" being the store's end date), filters, ordering, offset/limit,
 * metric aggregations, string-valued metrics. Errors are thrown as ReportError (google.rpc.Status).
 */
import { dayToIso, parseIsoDay } from '../../calendar.ts';
import type { Ga4Facts } from '../../model.ts';
import { invalid } from './report-error.ts';
import { evaluate, type FilterExpression, matchNumber, matchString } from './report-filters.ts';
import { DIMENSIONS, emptySums, formatMetric, METRICS, SCHEMA_LINK, type Sums } from './report-schema.ts';

export interface RunReportRequest {
  property?: string;
  dateRanges?: { startDate?: string; endDate?: string; name?: string }[];
  dimensions?: { name?: string }[];
  metrics?: { name?: string; expression?: string; invisible?: boolean }[];
  dimensionFilter?: FilterExpression;
  metricFilter?: FilterExpression;
  offset?: number | string;
  limit?: number | string;
  metricAggregations?: (string | number)[];
  orderBys?: {
    desc?: boolean;
    metric?: { metricName?: string };
    dimension?: { dimensionName?: string; orderType?: string | number };
  }[];
  currencyCode?: string;
  keepEmptyRows?: boolean;
  returnPropertyQuota?: boolean;
}

const AGGREGATIONS: Record<string, string> = { '1': 'TOTAL', '4': 'COUNT', '5': 'MINIMUM', '6': 'MAXIMUM' };

function toInt(value: number | string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw invalid(`${name} must be a non-negative integer. Got: ${String(value)}`);
  return n;
}

/** Resolves a GA4 date string against "today" (the store's end date). */
export function resolveDate(text: string | undefined, todayDay: number, label: string): number {
  if (!text) throw invalid(`${label} is required in every dateRange.`);
  if (text === 'today') return todayDay;
  if (text === 'yesterday') return todayDay - 1;
  const ago = /^(\d+)daysAgo$/.exec(text);
  if (ago) return todayDay - Number(ago[1]);
  try {
    return parseIsoDay(text);
  } catch {
    throw invalid(
      `Invalid ${label}: ${text}. The date must be in the format YYYY-MM-DD, NdaysAgo, yesterday, or today.`,
    );
  }
}

function checkFieldNames(
  expr: FilterExpression | undefined,
  allowed: (name: string) => boolean,
  kind: string,
): void {
  if (!expr) return;
  for (const e of expr.andGroup?.expressions ?? []) checkFieldNames(e, allowed, kind);
  for (const e of expr.orGroup?.expressions ?? []) checkFieldNames(e, allowed, kind);
  checkFieldNames(expr.notExpression, allowed, kind);
  const name = expr.filter?.fieldName;
  if (expr.filter && (!name || !allowed(name)))
    throw invalid(`Field ${name ?? '(empty)'} is not a valid ${kind}. ${SCHEMA_LINK}`);
}

export interface ReportContext {
  facts: Ga4Facts;
  todayDay: number;
  currencyCode: string;
  timeZone: string;
}

type Row = { dimensionValues: { value: string }[]; metricValues: { value: string }[] };

/** Runs one report; throws ReportError for bad requests. */
export function runReport(request: RunReportRequest, ctx: ReportContext): Record<string, unknown> {
  const { facts } = ctx;
  const dimensions = (request.dimensions ?? []).map((d) => d?.name ?? '');
  const metricsRequested = (request.metrics ?? []).map((m) => ({
    name: m?.name ?? '',
    invisible: Boolean(m?.invisible),
  }));
  if (dimensions.length > 9) throw invalid('Requests are limited to 9 dimensions.');
  if (metricsRequested.length > 10) throw invalid('Requests are limited to 10 metrics.');
  if (metricsRequested.length === 0 && dimensions.length === 0)
    throw invalid('At least one dimension or metric is required.');
  for (const d of dimensions)
    if (!DIMENSIONS[d]) throw invalid(`Field ${d} is not a valid dimension. ${SCHEMA_LINK}`);
  for (const m of metricsRequested)
    if (!METRICS[m.name]) throw invalid(`Field ${m.name} is not a valid metric. ${SCHEMA_LINK}`);
  if (new Set(dimensions).size !== dimensions.length)
    throw invalid('Duplicate dimension names are not allowed.');
  checkFieldNames(request.dimensionFilter, (n) => Boolean(DIMENSIONS[n]), 'dimension');
  checkFieldNames(request.metricFilter, (n) => Boolean(METRICS[n]), 'metric');
  const ranges = request.dateRanges ?? [];
  if (ranges.length === 0) throw invalid('At least one dateRange is required.');
  if (ranges.length > 4) throw invalid('Requests are limited to 4 dateRanges.');
  const resolved = ranges.map((r, i) => {
    const start = resolveDate(r?.startDate, ctx.todayDay, 'startDate');
    const end = resolveDate(r?.endDate, ctx.todayDay, 'endDate');
    if (start > end)
      throw invalid(
        `The startDate (${dayToIso(start)}) must be on or before the endDate (${dayToIso(end)}).`,
      );
    return { start, end, name: r?.name || `date_range_${i}` };
  });
  const offset = toInt(request.offset, 'offset', 0);
  const limit = Math.min(toInt(request.limit, 'limit', 10_000) || 10_000, 250_000);
  const aggregations = (request.metricAggregations ?? []).map((a) => AGGREGATIONS[String(a)] ?? String(a));
  for (const a of aggregations) {
    if (!['TOTAL', 'MINIMUM', 'MAXIMUM', 'COUNT'].includes(a))
      throw invalid(`Invalid metricAggregation: ${a}`);
  }
  for (const o of request.orderBys ?? []) {
    const m = o?.metric?.metricName;
    const d = o?.dimension?.dimensionName;
    if (m !== undefined && !metricsRequested.some((x) => x.name === m))
      throw invalid(`orderBys metric ${m} must be one of the requested metrics.`);
    if (d !== undefined && !dimensions.includes(d))
      throw invalid(`orderBys dimension ${d} must be one of the requested dimensions.`);
  }

  const minDay = Math.min(...resolved.map((r) => r.start));
  const maxDay = Math.max(...resolved.map((r) => r.end));
  const defs = dimensions.map((d) => DIMENSIONS[d]!);
  const radices = defs.map((d) => Math.max(1, d.radix(facts, minDay, maxDay)));
  const multipliers: number[] = [];
  let m = 1;
  for (let i = defs.length - 1; i >= 0; i -= 1) {
    multipliers[i] = m;
    m *= radices[i]!;
  }
  const multiRange = resolved.length > 1;
  const lowerBound = (day: number) => {
    let a = 0;
    let b = facts.count;
    while (a < b) {
      const mid = (a + b) >> 1;
      if (facts.day[mid]! < day) a = mid + 1;
      else b = mid;
    }
    return a;
  };
  const groups = new Map<string, { codes: number[]; range: number; sums: Sums }>();
  const dimFilter = request.dimensionFilter;
  resolved.forEach((range, rangeIndex) => {
    const from = lowerBound(range.start);
    const to = lowerBound(range.end + 1);
    for (let c = from; c < to; c += 1) {
      if (dimFilter) {
        const ok = evaluate(dimFilter, (f) => {
          const def = DIMENSIONS[f.fieldName!]!;
          return matchString(f, def.value(facts, def.code(facts, c, minDay), minDay));
        });
        if (!ok) continue;
      }
      let key = 0;
      for (let i = 0; i < defs.length; i += 1) key += defs[i]!.code(facts, c, minDay) * multipliers[i]!;
      const groupKey = multiRange ? `${rangeIndex}:${key}` : String(key);
      let group = groups.get(groupKey);
      if (!group) {
        group = {
          codes: defs.map((d) => d.code(facts, c, minDay)),
          range: rangeIndex,
          sums: {
            sessions: 0,
            engaged: 0,
            users: 0,
            newUsers: 0,
            views: 0,
            events: 0,
            duration: 0,
            keyEvents: 0,
            revenueMinor: 0,
          },
        };
        groups.set(groupKey, group);
      }
      const s = group.sums;
      s.sessions += facts.sessions[c]!;
      s.engaged += facts.engagedSessions[c]!;
      s.users += facts.activeUsers[c]!;
      s.newUsers += facts.newUsers[c]!;
      s.views += facts.screenPageViews[c]!;
      s.events += facts.eventCount[c]!;
      s.duration += facts.userEngagementDuration[c]!;
      s.keyEvents += facts.keyEvents[c]!;
      s.revenueMinor += facts.purchaseRevenueMinor[c]!;
    }
  });

  const metricDefs = metricsRequested.map((x) => METRICS[x.name]!);
  let rows = [...groups.values()].map((g) => ({
    dims: [
      ...g.codes.map((code, i) => defs[i]!.value(facts, code, minDay)),
      ...(multiRange ? [resolved[g.range]!.name] : []),
    ],
    values: metricDefs.map((def) => def.value(g.sums)),
  }));
  if (request.metricFilter) {
    rows = rows.filter((row) =>
      evaluate(request.metricFilter, (f) => {
        const index = metricsRequested.findIndex((x) => x.name === f.fieldName);
        const value =
          index >= 0 ? row.values[index]! : (METRICS[f.fieldName!]?.value ?? (() => 0))(emptySums());
        return matchNumber(f, value);
      }),
    );
  }
  const orderBys = request.orderBys ?? [];
  rows.sort((a, b) => {
    for (const o of orderBys) {
      let cmp = 0;
      if (o.metric?.metricName) {
        const i = metricsRequested.findIndex((x) => x.name === o.metric!.metricName);
        cmp = a.values[i]! - b.values[i]!;
      } else if (o.dimension?.dimensionName) {
        const i = dimensions.indexOf(o.dimension.dimensionName);
        const type = String(o.dimension.orderType ?? 'ALPHANUMERIC');
        if (type === 'NUMERIC' || type === '3') cmp = Number(a.dims[i]) - Number(b.dims[i]);
        else if (type === 'CASE_INSENSITIVE_ALPHANUMERIC' || type === '2')
          cmp = a.dims[i]!.toLowerCase().localeCompare(b.dims[i]!.toLowerCase());
        else cmp = a.dims[i]! < b.dims[i]! ? -1 : a.dims[i]! > b.dims[i]! ? 1 : 0;
      }
      if (cmp !== 0) return o.desc ? -cmp : cmp;
    }
    if (orderBys.length === 0 && metricDefs.length > 0 && a.values[0] !== b.values[0])
      return b.values[0]! - a.values[0]!;
    return a.dims.join('\u0000') < b.dims.join('\u0000')
      ? -1
      : a.dims.join('\u0000') > b.dims.join('\u0000')
        ? 1
        : 0;
  });
  const visible = metricsRequested.map((x, i) => (x.invisible ? -1 : i)).filter((i) => i >= 0);
  const toRow = (dims: string[], values: number[]): Row => ({
    dimensionValues: dims.map((value) => ({ value })),
    metricValues: visible.map((i) => ({ value: formatMetric(metricDefs[i]!.type, values[i]!) })),
  });
  const page = rows.slice(offset, offset + limit).map((r) => toRow(r.dims, r.values));
  const response: Record<string, unknown> = {
    dimensionHeaders: [...dimensions, ...(multiRange ? ['dateRange'] : [])].map((name) => ({ name })),
    metricHeaders: visible.map((i) => ({ name: metricsRequested[i]!.name, type: metricDefs[i]!.type })),
  };
  if (page.length > 0) response.rows = page;
  const aggregateRow = (label: string, pick: (values: number[]) => number): Row[] => {
    const dims = [...dimensions, ...(multiRange ? ['dateRange'] : [])].map(() => `RESERVED_${label}`);
    if (rows.length === 0) return [];
    return [
      toRow(
        dims,
        metricDefs.map((_, i) => pick(rows.map((r) => r.values[i]!))),
      ),
    ];
  };
  if (aggregations.includes('TOTAL')) {
    // Totals are computed from the summed counters (ratios are not sums of ratios).
    const total = emptySums();
    for (const g of groups.values())
      for (const k of Object.keys(total) as (keyof Sums)[]) total[k] += g.sums[k];
    const dims = [...dimensions, ...(multiRange ? ['dateRange'] : [])].map(() => 'RESERVED_TOTAL');
    response.totals =
      rows.length === 0
        ? []
        : [
            toRow(
              dims,
              metricDefs.map((def) => def.value(total)),
            ),
          ];
  }
  if (aggregations.includes('MAXIMUM')) response.maximums = aggregateRow('MAX', (v) => Math.max(...v));
  if (aggregations.includes('MINIMUM')) response.minimums = aggregateRow('MIN', (v) => Math.min(...v));
  if (aggregations.includes('COUNT')) response.counts = aggregateRow('COUNT', (v) => v.length);
  if (rows.length > 0) response.rowCount = rows.length;
  response.metadata = { currencyCode: ctx.currencyCode, timeZone: ctx.timeZone };
  response.kind = 'analyticsData#runReport';
  return response;
}
