/**
 * TikTok API for Business v1.3 emulator (contracts/external-apis-2.md §2): one Fastify instance,
 * not listening. `GET /open_api/v1.3/advertiser/info/`, `/report/integrated/get/` (BASIC,
 * AUCTION_CAMPAIGN / AUCTION_ADGROUP / AUCTION_AD, `stat_time_day`, `page`/`page_size`), `/ad/get/`
 * and `/file/video/ad/info/` over the demo
 * ad-platform plan, JSON-text array parameters, `Access-Token` header, HTTP 200 envelopes with
 * return codes: 40105 bad token, 40001 other advertiser, 40002 bad parameter, 40100 rate limit
 * (`faults.throttlePressure`), 50000 on the 5xx fault.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { PlannedAds } from '../../ad-platforms/plan-ad-platform-ads.ts';
import type { PlannedAdAccount } from '../../ad-platforms/plan-ad-platforms.ts';
import { Rng } from '../../prng.ts';
import { FaultController, type FaultSettings, installFaults } from '../faults.ts';
import { tikTokAdRecords, tikTokAdReportRows, tikTokVideoInfos } from './ads.ts';

export interface TikTokEmulatorOptions {
  account: PlannedAdAccount;
  accessToken: string;
  /** the advertiser's ads and their days (AUCTION_AD, `ad/get/`, the video library) */
  ads?: PlannedAds;
  faults?: Partial<FaultSettings>;
  faultSeed?: number;
}

export type TikTokEmulator = FastifyInstance & { faults: FaultController; calls: { reports: number } };

const envelope = (code: number, message: string, data: unknown = {}) => ({
  code,
  message,
  request_id: `emulator-${code}`,
  data,
});

function jsonArray(value: unknown): string[] | null {
  if (typeof value !== 'string') return null;
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) && parsed.every((v) => typeof v === 'string') ? parsed : null;
  } catch {
    return null;
  }
}

const money = (minor: number) => (minor / 100).toFixed(2);

export function buildTikTokEmulator(opts: TikTokEmulatorOptions): TikTokEmulator {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const faults = new FaultController(opts.faults, opts.faultSeed ?? 71);
  const rng = new Rng(opts.faultSeed ?? 71);
  const calls = { reports: 0 };
  const { account } = opts;
  const campaigns = new Map(account.campaigns.map((c) => [c.id, c]));
  const adRecords = tikTokAdRecords(opts.ads, account.campaigns);
  const videos = tikTokVideoInfos(opts.ads);

  installFaults(app, faults, (reply) => reply.code(200).send(envelope(50000, 'Internal service error.')));

  /** Token, rate limit and advertiser checks; answers the envelope and returns false on failure. */
  const admit = (request: FastifyRequest, reply: FastifyReply, advertiserIds: string[] | null) => {
    if (request.headers['access-token'] !== opts.accessToken) {
      reply.send(envelope(40105, 'Access token is incorrect or has been revoked.'));
      return false;
    }
    const pressure = faults.get().throttlePressure;
    if (pressure >= 1 || (pressure > 0 && rng.next() < pressure)) {
      reply.send(envelope(40100, 'Requests made too frequently. Please try again later.'));
      return false;
    }
    if (!advertiserIds || advertiserIds.length === 0) {
      reply.send(envelope(40002, 'advertiser_id: Field required.'));
      return false;
    }
    if (advertiserIds.some((id) => id !== account.accountId)) {
      reply.send(envelope(40001, 'No permission to operate advertiser.'));
      return false;
    }
    return true;
  };

  app.get('/open_api/v1.3/advertiser/info/', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    if (!admit(request, reply, jsonArray(query.advertiser_ids))) return reply;
    return envelope(0, 'OK', {
      list: [
        {
          advertiser_id: account.accountId,
          name: account.name,
          currency: account.currency,
          timezone: account.timeZone,
          display_timezone: account.timeZone,
          status: 'STATUS_ENABLE',
        },
      ],
    });
  });

  app.get('/open_api/v1.3/report/integrated/get/', async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const advertiserId = typeof q.advertiser_id === 'string' ? q.advertiser_id : null;
    if (!admit(request, reply, advertiserId ? [advertiserId] : null)) return reply;
    const level = q.data_level;
    const dimensions = jsonArray(q.dimensions);
    const metrics = jsonArray(q.metrics) ?? [];
    const page = Number(q.page ?? 1);
    const pageSize = Number(q.page_size ?? 10);
    const day = /^\d{4}-\d{2}-\d{2}$/;
    const bad = (message: string) => envelope(40002, message);
    if (q.report_type !== 'BASIC') return bad('report_type: only BASIC is emulated.');
    if (level !== 'AUCTION_CAMPAIGN' && level !== 'AUCTION_ADGROUP' && level !== 'AUCTION_AD')
      return bad('data_level: Invalid value.');
    const idDimension =
      level === 'AUCTION_CAMPAIGN' ? 'campaign_id' : level === 'AUCTION_AD' ? 'ad_id' : 'adgroup_id';
    if (!dimensions?.includes(idDimension) || !dimensions.includes('stat_time_day'))
      return bad(`dimensions: expected ["${idDimension}","stat_time_day"].`);
    if (
      typeof q.start_date !== 'string' ||
      typeof q.end_date !== 'string' ||
      !day.test(q.start_date) ||
      !day.test(q.end_date)
    )
      return bad('start_date, end_date: expected YYYY-MM-DD.');
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000)
      return bad('page_size: must be between 1 and 1000.');
    calls.reports += 1;
    const since = q.start_date;
    const until = q.end_date;
    /** Campaign or ad-group rows: the plan's ad-group days summed per level. */
    const groupLevel = () => {
      const grouped = new Map<
        string,
        { date: string; campaignId: string; adGroupId: string; sums: number[] }
      >();
      for (const d of account.days) {
        if (d.date < since || d.date > until) continue;
        const key = `${d.date}|${level === 'AUCTION_CAMPAIGN' ? d.campaignId : d.adGroupId}`;
        const entry = grouped.get(key) ?? {
          date: d.date,
          campaignId: d.campaignId,
          adGroupId: d.adGroupId,
          sums: [0, 0, 0, 0, 0],
        };
        const add = [d.spendMinor, d.impressions, d.clicks, d.conversions, d.conversionValueMinor];
        entry.sums = entry.sums.map((v, i) => v + (add[i] ?? 0));
        grouped.set(key, entry);
      }
      return [...grouped.values()].map((g) => {
        const campaign = campaigns.get(g.campaignId);
        const [spend = 0, impressions = 0, clicks = 0, conversions = 0, value = 0] = g.sums;
        const values: Record<string, string> = {
          spend: money(spend),
          impressions: String(impressions),
          clicks: String(clicks),
          conversion: String(conversions),
          complete_payment: String(conversions),
          total_complete_payment_rate: money(value),
          campaign_id: g.campaignId,
          campaign_name: campaign?.name ?? '-',
          adgroup_name: campaign?.adGroups.find((a) => a.id === g.adGroupId)?.name ?? '-',
        };
        return { date: g.date, id: idDimension === 'campaign_id' ? g.campaignId : g.adGroupId, values };
      });
    };
    const all = (level === 'AUCTION_AD' ? tikTokAdReportRows(opts.ads, since, until) : groupLevel()).map(
      (r) => ({
        dimensions: { [idDimension]: r.id, stat_time_day: `${r.date} 00:00:00` },
        metrics: Object.fromEntries(metrics.map((m) => [m, r.values[m] ?? '-'])),
      }),
    );
    const totalPage = Math.max(1, Math.ceil(all.length / pageSize));
    return envelope(0, 'OK', {
      list: all.slice((page - 1) * pageSize, page * pageSize),
      page_info: { page, page_size: pageSize, total_number: all.length, total_page: totalPage },
    });
  });

  app.get('/open_api/v1.3/ad/get/', async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const advertiserId = typeof q.advertiser_id === 'string' ? q.advertiser_id : null;
    if (!admit(request, reply, advertiserId ? [advertiserId] : null)) return reply;
    const fields = q.fields === undefined ? null : jsonArray(q.fields);
    const page = Number(q.page ?? 1);
    const pageSize = Number(q.page_size ?? 10);
    if (q.fields !== undefined && !fields)
      return envelope(40002, 'fields: expected a JSON array of strings.');
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000)
      return envelope(40002, 'page_size: must be between 1 and 1000.');
    const list = adRecords
      .slice((page - 1) * pageSize, page * pageSize)
      .map((ad) => (fields ? Object.fromEntries(fields.map((f) => [f, ad[f] ?? null])) : ad));
    const totalPage = Math.max(1, Math.ceil(adRecords.length / pageSize));
    return envelope(0, 'OK', {
      list,
      page_info: { page, page_size: pageSize, total_number: adRecords.length, total_page: totalPage },
    });
  });

  app.get('/open_api/v1.3/file/video/ad/info/', async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const advertiserId = typeof q.advertiser_id === 'string' ? q.advertiser_id : null;
    if (!admit(request, reply, advertiserId ? [advertiserId] : null)) return reply;
    const ids = jsonArray(q.video_ids);
    if (!ids || ids.length === 0 || ids.length > 60)
      return envelope(40002, 'video_ids: expected a JSON array of 1 to 60 ids.');
    return envelope(0, 'OK', { list: ids.flatMap((id) => videos.get(id) ?? []) });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send(envelope(40002, 'Unknown path.')));
  return Object.assign(app, { faults, calls });
}
