import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/calendar.ts';
import { type DemoEmulators, startDemoEmulators } from '../../start-demo-emulators.ts';
import { resolveDatePreset } from './date-presets.ts';

let demo: DemoEmulators;

beforeAll(async () => {
  demo = await startDemoEmulators({ preset: 'small', seed: 42 });
});
afterAll(async () => {
  await demo.close();
});

function proof(token: string): string {
  return createHmac('sha256', demo.credentials.meta.appSecret).update(token).digest('hex');
}

async function graph(
  path: string,
  params: Record<string, string> = {},
  token = demo.credentials.meta.accessToken,
  withProof = true,
) {
  const url = new URL(`${demo.baseUrls.meta}/v26.0${path}`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  url.searchParams.set('access_token', token);
  if (withProof) url.searchParams.set('appsecret_proof', proof(token));
  const response = await fetch(url);
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

interface InsightRow {
  campaign_id: string;
  campaign_name: string;
  spend: string;
  impressions: string;
  clicks: string;
  actions?: { action_type: string; value: string }[];
  action_values?: { action_type: string; value: string }[];
  purchase_roas?: { action_type: string; value: string }[];
  date_start: string;
  date_stop: string;
}

describe('Meta emulator: contract §3', () => {
  it('answers /me and /me/accounts', async () => {
    const me = await graph('/me', { fields: 'id,name' });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ id: demo.store.meta.account.userId, name: demo.store.meta.account.userName });
    const accounts = await graph('/me/accounts');
    expect((accounts.body.data as { access_token: string }[])[0]!.access_token).toBeTruthy();
    expect(accounts.body.paging).toHaveProperty('cursors');
  });

  it('serves daily campaign insights for last_month with string metrics and absolute next URLs', async () => {
    const account = demo.credentials.meta.adAccountId;
    const first = await graph(`/${account}/insights`, {
      fields: 'campaign_id,campaign_name,spend,impressions,clicks,actions,action_values,purchase_roas',
      level: 'campaign',
      date_preset: 'last_month',
      time_increment: '1',
      limit: '50',
    });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-business-use-case-usage')).toContain('ads_insights');
    const rows = first.body.data as InsightRow[];
    expect(rows).toHaveLength(50);
    expect(rows[0]!.date_start).toBe('2026-09-01');
    expect(rows[0]!.date_start).toBe(rows[0]!.date_stop);
    expect(typeof rows[0]!.spend).toBe('string');
    const next = (first.body.paging as { next?: string }).next!;
    expect(next.startsWith(demo.baseUrls.meta)).toBe(true);
    const all = [...rows];
    let url: string | undefined = next;
    while (url) {
      const page = (await (await fetch(url)).json()) as { data: InsightRow[]; paging: { next?: string } };
      all.push(...page.data);
      url = page.paging.next;
    }
    expect(new Set(all.map((r) => r.date_start)).size).toBe(30);
    expect(all.every((r) => r.date_start >= '2026-09-01' && r.date_stop <= '2026-09-30')).toBe(true);
  });

  it('reports at least as many purchases as the store verified, per campaign', async () => {
    const { body } = await graph(`/${demo.credentials.meta.adAccountId}/insights`, {
      fields: 'campaign_id,campaign_name,spend,actions',
      level: 'campaign',
      date_preset: 'maximum',
      limit: '100',
    });
    const rows = body.data as InsightRow[];
    for (const truth of demo.groundTruth.campaigns) {
      const row = rows.find((r) => r.campaign_id === truth.id)!;
      const reported = Number(row.actions?.find((a) => a.action_type === 'omni_purchase')?.value ?? 0);
      expect(reported).toBeGreaterThanOrEqual(truth.verifiedOrders);
      expect(Math.round(Number(row.spend) * 100)).toBe(truth.spendMinor);
    }
  });

  it('lists ACTIVE and PAUSED campaigns with budgets in minor units', async () => {
    const { body } = await graph(`/${demo.credentials.meta.adAccountId}/campaigns`, {
      fields: 'id,name,status,effective_status,daily_budget,objective,start_time,stop_time',
      limit: '100',
    });
    const campaigns = body.data as { status: string; daily_budget: string; name: string }[];
    expect(new Set(campaigns.map((c) => c.status))).toEqual(new Set(['ACTIVE', 'PAUSED']));
    expect(campaigns.every((c) => /^\d+$/.test(c.daily_budget))).toBe(true);
    expect(campaigns.map((c) => c.name)).toContain(demo.groundTruth.plantedCampaigns.highRoas.name);
  });

  it('uses a time_range and time_increment=monthly', async () => {
    const { body } = await graph(`/${demo.credentials.meta.adAccountId}/insights`, {
      fields: 'spend',
      time_range: JSON.stringify({ since: '2026-08-15', until: '2026-10-10' }),
      time_increment: 'monthly',
    });
    const rows = body.data as InsightRow[];
    expect(rows.map((r) => [r.date_start, r.date_stop])).toEqual([
      ['2026-08-15', '2026-08-31'],
      ['2026-09-01', '2026-09-30'],
      ['2026-10-01', '2026-10-10'],
    ]);
  });

  it('errors in the Graph shape: 190, 200, 100 (fields, proof), 80000 under pressure', async () => {
    const invalid = await graph('/me', {}, 'EAAnope', false);
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatchObject({ code: 190, type: 'OAuthException' });
    const noAds = await graph(
      `/${demo.credentials.meta.adAccountId}/insights`,
      { fields: 'spend' },
      demo.credentials.meta.accessTokenWithoutAdsRead,
    );
    expect(noAds.body.error).toMatchObject({
      code: 200,
      message: '(#200) Ad account owner has NOT granted ads_management or ads_read permission',
    });
    const unknownField = await graph(`/${demo.credentials.meta.adAccountId}/insights`, {
      fields: 'spend,revenuez',
    });
    expect(unknownField.body.error).toMatchObject({ code: 100 });
    const missingProof = await graph('/me', {}, demo.credentials.meta.accessToken, false);
    expect(missingProof.body.error).toMatchObject({ code: 100 });
    const url = new URL(`${demo.baseUrls.meta}/v26.0/me`);
    url.searchParams.set('access_token', demo.credentials.meta.accessToken);
    url.searchParams.set('appsecret_proof', 'f'.repeat(64));
    const wrongProof = (await (await fetch(url)).json()) as { error: { message: string } };
    expect(wrongProof.error.message).toBe('Invalid appsecret_proof provided in the API argument');
    const badPreset = await graph(`/${demo.credentials.meta.adAccountId}/insights`, {
      date_preset: 'last_century',
    });
    expect(badPreset.body.error).toMatchObject({ code: 100 });
    demo.emulators.meta.faults.set({ throttlePressure: 1 });
    try {
      const limited = await graph(`/${demo.credentials.meta.adAccountId}/insights`, { fields: 'spend' });
      expect(limited.body.error).toMatchObject({ code: 80000, is_transient: true });
      expect(JSON.parse(limited.headers.get('x-business-use-case-usage')!)).toHaveProperty(
        '1234567890123456',
      );
      const campaigns = await graph(`/${demo.credentials.meta.adAccountId}/campaigns`);
      expect(campaigns.body.error).toMatchObject({ code: 80004 });
      const me = await graph('/me');
      expect(me.body.error).toMatchObject({ code: 17 });
    } finally {
      demo.emulators.meta.faults.reset();
    }
  });

  it('debugs tokens with scopes', async () => {
    const { appSecret, accessTokenWithoutAdsRead } = demo.credentials.meta;
    const appToken = `${demo.store.meta.account.pages.length > 0 ? '987654321012345' : ''}|${appSecret}`;
    const { body } = await graph('/debug_token', { input_token: accessTokenWithoutAdsRead }, appToken, false);
    const data = body.data as { is_valid: boolean; scopes: string[]; type: string };
    expect(data.is_valid).toBe(true);
    expect(data.type).toBe('USER');
    expect(data.scopes).not.toContain('ads_read');
  });

  it('resolves date presets against the end date', () => {
    const today = Date.UTC(2026, 9, 31) / DAY_MS;
    const iso = (d: number) => new Date(d * DAY_MS).toISOString().slice(0, 10);
    expect(resolveDatePreset('last_month', today, 0).map(iso)).toEqual(['2026-09-01', '2026-09-30']);
    expect(resolveDatePreset('last_30d', today, 0).map(iso)).toEqual(['2026-10-01', '2026-10-30']);
    expect(resolveDatePreset('yesterday', today, 0).map(iso)).toEqual(['2026-10-30', '2026-10-30']);
  });
});
