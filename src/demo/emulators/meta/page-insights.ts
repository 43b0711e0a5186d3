/** GET /{version}/{page-id}/insights: daily Page metrics with a Page access token. */
import type { FastifyRequest } from 'fastify';
import { dayToIso, parseIsoDay } from '../../calendar.ts';
import type { GraphAuth, GraphContext } from './graph-context.ts';
import { GraphError, param } from './graph-request.ts';

const PAGE_METRICS = [
  'page_impressions',
  'page_impressions_unique',
  'page_post_engagements',
  'page_follows',
  'page_views_total',
  'page_daily_follows',
];

export function pageInsights(ctx: GraphContext, request: FastifyRequest, auth: GraphAuth) {
  const { page, today, rowsByDay } = ctx;
  const { node } = request.params as { node: string };
  if (node !== page.id) {
    throw new GraphError(
      `Unsupported get request. Object with ID '${node}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
      100,
      'GraphMethodException',
      33,
    );
  }
  if (auth.type !== 'PAGE')
    throw new GraphError('(#190) This method must be called with a Page Access Token', 190, 'OAuthException');
  const metrics = (param(request, 'metric') ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  if (metrics.length === 0)
    throw new GraphError('(#100) The value must be a valid insights metric', 100, 'OAuthException');
  for (const m of metrics)
    if (!PAGE_METRICS.includes(m))
      throw new GraphError('(#100) The value must be a valid insights metric', 100, 'OAuthException');
  const period = param(request, 'period') ?? 'day';
  if (period !== 'day')
    throw new GraphError('(#100) param period must be one of {day, week, days_28}', 100, 'OAuthException');
  const toDay = (v: string | undefined, fallback: number) => {
    if (v === undefined) return fallback;
    if (/^\d+$/.test(v)) return Math.floor(Number(v) / 86_400);
    try {
      return parseIsoDay(v);
    } catch {
      throw new GraphError(`(#100) Invalid date: ${v}`, 100, 'OAuthException');
    }
  };
  const until = toDay(param(request, 'until'), today);
  const since = toDay(param(request, 'since'), until - 2);
  if (until - since > 90)
    throw new GraphError(
      '(#100) There cannot be more than 90 days (7776000 s) between since and until',
      100,
      'OAuthException',
    );
  const data = metrics.map((name, k) => {
    const values: { value: number; end_time: string }[] = [];
    for (let d = since; d < until; d += 1) {
      const rows = rowsByDay.get(dayToIso(d)) ?? [];
      const paid = rows.reduce((s, r) => s + r.impressions, 0);
      const base = Math.round(paid * 0.06 + 400 + ((d * 7919 + k * 104_729) % 97));
      const value = name.includes('engagement')
        ? Math.round(base * 0.04)
        : name.includes('follow')
          ? Math.round(base * 0.002)
          : name === 'page_views_total'
            ? Math.round(base * 0.08)
            : base;
      values.push({ value, end_time: `${dayToIso(d + 1)}T07:00:00+0000` });
    }
    return {
      name,
      period,
      values,
      title: `Daily ${name.replace(/^page_/, '').replaceAll('_', ' ')}`,
      description: `Daily: ${name}`,
      id: `${page.id}/insights/${name}/${period}`,
    };
  });
  const windowUrl = (from: number, to: number) => {
    const url = new URL(request.url, `${request.protocol}://${request.headers.host ?? '127.0.0.1'}`);
    url.searchParams.set('since', String(from * 86_400));
    url.searchParams.set('until', String(to * 86_400));
    return url.toString();
  };
  const span = Math.max(1, until - since);
  return {
    data,
    paging: { previous: windowUrl(since - span, since), next: windowUrl(until, until + span) },
  };
}
