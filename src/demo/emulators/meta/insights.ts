/** GET /{version}/act_{id}/insights: the ad account's insights by level, range and time increment. */
import type { FastifyRequest } from 'fastify';
import { dayToIso, parseIsoDay } from '../../calendar.ts';
import type { MetaAd, MetaAdDailyRow, MetaCampaign } from '../../meta-model.ts';
import { formatFixed } from '../../money.ts';
import { DATE_PRESETS, monthStart, resolveDatePreset } from './date-presets.ts';
import type { GraphContext } from './graph-context.ts';
import { GraphError, param, parseFields } from './graph-request.ts';

const INSIGHT_FIELDS = [
  'account_currency',
  'account_id',
  'account_name',
  'action_values',
  'actions',
  'ad_id',
  'ad_name',
  'adset_id',
  'adset_name',
  'campaign_id',
  'campaign_name',
  'clicks',
  'cost_per_action_type',
  'cpc',
  'cpm',
  'ctr',
  'date_start',
  'date_stop',
  'frequency',
  'impressions',
  'inline_link_clicks',
  'objective',
  'purchase_roas',
  'reach',
  'spend',
  'video_play_actions',
  'video_thruplay_watched_actions',
];

export function adAccountInsights(ctx: GraphContext, request: FastifyRequest) {
  const { store, account, accountNumericId, rowsByDay, adRowsByDay, today, firstDataDay, pageOf } = ctx;
  const fields = parseFields(param(request, 'fields'), INSIGHT_FIELDS, 'AdsInsights', [
    'impressions',
    'spend',
  ]);
  const level = param(request, 'level') ?? 'account';
  if (!['account', 'campaign', 'adset', 'ad'].includes(level)) {
    throw new GraphError(
      '(#100) param level must be one of {ad, adset, campaign, account}',
      100,
      'OAuthException',
    );
  }
  const preset = param(request, 'date_preset');
  const rangeRaw = param(request, 'time_range');
  let since: number;
  let until: number;
  if (rangeRaw !== undefined) {
    let parsed: { since?: unknown; until?: unknown } | null = null;
    try {
      parsed = JSON.parse(rangeRaw) as { since?: unknown; until?: unknown };
    } catch {
      parsed = null;
    }
    try {
      if (!parsed || typeof parsed.since !== 'string' || typeof parsed.until !== 'string')
        throw new Error('shape');
      since = parseIsoDay(parsed.since);
      until = parseIsoDay(parsed.until);
    } catch {
      throw new GraphError(
        '(#100) param time_range must be a JSON object with since and until dates (YYYY-MM-DD)',
        100,
        'OAuthException',
      );
    }
    if (since > until)
      throw new GraphError('(#100) time_range since must be on or before until', 100, 'OAuthException');
  } else if (preset !== undefined) {
    if (!DATE_PRESETS.includes(preset)) {
      throw new GraphError(
        `(#100) date_preset must be one of the following values: ${DATE_PRESETS.join(', ')}`,
        100,
        'OAuthException',
      );
    }
    [since, until] = resolveDatePreset(preset, today, firstDataDay);
  } else {
    [since, until] = resolveDatePreset('last_30d', today, firstDataDay);
  }
  const incRaw = param(request, 'time_increment') ?? 'all_days';
  let bucketOf: (day: number) => number;
  if (incRaw === 'all_days') bucketOf = () => since;
  else if (incRaw === 'monthly') bucketOf = (d) => Math.max(since, monthStart(d));
  else {
    const n = Number(incRaw);
    if (!Number.isInteger(n) || n < 1 || n > 90) {
      throw new GraphError(
        '(#100) param time_increment must be an integer between 1 and 90, "monthly" or "all_days"',
        100,
        'OAuthException',
      );
    }
    bucketOf = (d) => since + Math.floor((d - since) / n) * n;
  }
  const bucketEnd = (start: number) => {
    if (incRaw === 'all_days') return until;
    if (incRaw === 'monthly') return Math.min(until, monthStart(start, -1) - 1);
    return Math.min(until, start + Number(incRaw) - 1);
  };
  // level=ad reads the ads' days (the campaign days split among the ads, decision 121).
  type Row = Omit<MetaAdDailyRow, 'adIndex' | 'videoPlays3s' | 'thruplays'> &
    Partial<Pick<MetaAdDailyRow, 'adIndex' | 'videoPlays3s' | 'thruplays'>>;
  type Acc = { campaign: MetaCampaign | null; ad: MetaAd | null; start: number; rows: Row[] };
  const groups = new Map<string, Acc>();
  for (let d = since; d <= until; d += 1) {
    const dayRows: readonly Row[] =
      level === 'ad' ? (adRowsByDay.get(dayToIso(d)) ?? []) : (rowsByDay.get(dayToIso(d)) ?? []);
    for (const row of dayRows) {
      const campaign = store.meta.campaigns[row.campaignIndex]!;
      const ad = row.adIndex === undefined ? null : store.meta.ads[row.adIndex]!;
      const start = bucketOf(d);
      const key = `${start}|${level === 'account' ? '' : campaign.id}|${ad?.id ?? ''}`;
      let acc = groups.get(key);
      if (!acc) {
        acc = { campaign: level === 'account' ? null : campaign, ad, start, rows: [] };
        groups.set(key, acc);
      }
      acc.rows.push(row);
    }
  }
  const ordered = [...groups.values()].sort(
    (a, b) =>
      a.start - b.start ||
      (a.campaign?.index ?? 0) - (b.campaign?.index ?? 0) ||
      (a.ad?.index ?? 0) - (b.ad?.index ?? 0),
  );
  const currency = account.currency;
  const data = ordered.map((g) => {
    const spend = g.rows.reduce((s, r) => s + r.spendMinor, 0);
    const impressions = g.rows.reduce((s, r) => s + r.impressions, 0);
    const clicks = g.rows.reduce((s, r) => s + r.clicks, 0);
    const reach = g.rows.reduce((s, r) => s + r.reach, 0);
    const purchases = g.rows.reduce((s, r) => s + r.reportedPurchases, 0);
    const value = g.rows.reduce((s, r) => s + r.reportedPurchaseValueMinor, 0);
    const plays = g.rows.reduce((s, r) => s + (r.videoPlays3s ?? 0), 0);
    const thruplays = g.rows.reduce((s, r) => s + (r.thruplays ?? 0), 0);
    const c = g.campaign;
    const adset = c ? `1203${c.id.slice(4)}` : null;
    const purchaseTypes = [
      'purchase',
      'omni_purchase',
      'offsite_conversion.fb_pixel_purchase',
      'onsite_web_purchase',
    ];
    const all: Record<string, unknown> = {
      account_currency: currency,
      account_id: accountNumericId,
      account_name: account.name,
      campaign_id: c?.id,
      campaign_name: c?.name,
      adset_id: level === 'adset' || level === 'ad' ? adset : undefined,
      adset_name: level === 'adset' || level === 'ad' ? `${c?.name} – Ad set` : undefined,
      ad_id: g.ad?.id,
      ad_name: g.ad?.name,
      objective: c?.objective,
      spend: formatFixed(spend, currency),
      impressions: String(impressions),
      clicks: String(clicks),
      inline_link_clicks: String(Math.round(clicks * 0.82)),
      reach: String(reach),
      frequency: reach > 0 ? String(impressions / reach) : undefined,
      cpc: clicks > 0 ? String(spend / 100 / clicks) : undefined,
      cpm: impressions > 0 ? String((spend / 100 / impressions) * 1000) : undefined,
      ctr: impressions > 0 ? String((clicks / impressions) * 100) : undefined,
      actions:
        clicks + purchases > 0
          ? [
              ...(clicks > 0
                ? [{ action_type: 'link_click', value: String(Math.round(clicks * 0.82)) }]
                : []),
              ...(purchases > 0
                ? purchaseTypes.map((action_type) => ({ action_type, value: String(purchases) }))
                : []),
              // Meta counts 3-second video plays as the `video_view` action.
              ...(plays > 0 ? [{ action_type: 'video_view', value: String(plays) }] : []),
            ]
          : undefined,
      video_play_actions: plays > 0 ? [{ action_type: 'video_view', value: String(plays) }] : undefined,
      video_thruplay_watched_actions:
        thruplays > 0 ? [{ action_type: 'video_view', value: String(thruplays) }] : undefined,
      action_values:
        purchases > 0
          ? purchaseTypes.map((action_type) => ({ action_type, value: formatFixed(value, currency) }))
          : undefined,
      cost_per_action_type:
        purchases > 0
          ? [{ action_type: 'omni_purchase', value: String(spend / 100 / purchases) }]
          : undefined,
      purchase_roas:
        purchases > 0 && spend > 0
          ? [{ action_type: 'omni_purchase', value: String(Math.round((value / spend) * 1e6) / 1e6) }]
          : undefined,
      date_start: dayToIso(g.start),
      date_stop: dayToIso(bucketEnd(g.start)),
    };
    const out: Record<string, unknown> = {};
    for (const f of fields) if (all[f] !== undefined) out[f] = all[f];
    out.date_start = all.date_start;
    out.date_stop = all.date_stop;
    return out;
  });
  return pageOf(request, data, 25);
}
