import { describe, expect, it } from 'vitest';
import { computeAppSecretProof, mapMetaError, parseMetaUsage } from './client.ts';
import { mapSummary, pickPurchase } from './map.ts';
import { InsightsPageSchema } from './payload.schema.ts';

const recorded = InsightsPageSchema.parse({
  data: [
    {
      account_id: '123',
      campaign_id: '1',
      campaign_name: 'BF Sale',
      spend: '123.45',
      impressions: '10000',
      clicks: '321',
      actions: [
        { action_type: 'purchase', value: '7' },
        { action_type: 'omni_purchase', value: '7' },
      ],
      action_values: [{ action_type: 'purchase', value: '811.30' }],
      date_start: '2026-10-01',
      date_stop: '2026-10-01',
    },
    {
      campaign_id: '1',
      campaign_name: 'BF Sale',
      spend: '0.1',
      date_start: '2026-10-02',
      date_stop: '2026-10-02',
    },
    { campaign_id: '2', campaign_name: 'Retarget', spend: '200.2', impressions: '5', clicks: '1' },
  ],
  paging: { cursors: { before: 'a', after: 'b' } },
});

describe('meta map', () => {
  it('counts one canonical purchase action, not every variant', () => {
    expect(pickPurchase(recorded.data[0]!.actions)).toBe(7);
    const summary = mapSummary(recorded.data, 'USD', 30);
    expect(summary.purchases).toBe(7);
    expect(summary.purchaseValue).toBe('811.30');
    expect(summary.roas).toBe(2.51);
  });

  it('sums amounts exactly in the account currency and writes them as decimal strings', () => {
    const usd = mapSummary(recorded.data, 'USD', 30);
    // 123.45 + 0.1 + 200.2, summed in cents.
    expect(usd.spend).toBe('323.75');
    expect(usd.campaigns.map((c) => [c.name, c.spend, c.purchaseValue])).toEqual([
      ['Retarget', '200.20', '0.00'],
      ['BF Sale', '123.55', '811.30'],
    ]);
    // Yen have no minor unit: each row rounds to whole yen, the total is their sum.
    expect(mapSummary(recorded.data, 'JPY', 30).spend).toBe('323');
  });

  it('computes appsecret_proof as hex HMAC-SHA256(secret, token)', () => {
    expect(computeAppSecretProof('token', 'secret')).toBe(
      'e941110e3d2bfe82621f0e3e1434730d7305d106c5f68c87165d0b27a4611a4a',
    );
    expect(computeAppSecretProof('token', 'secret')).toMatch(/^[0-9a-f]{64}$/);
    expect(computeAppSecretProof('token', 'secret')).not.toBe(computeAppSecretProof('token', 'other'));
  });

  it('tells invalid token (190) from missing ads_read (200) and throttling (17)', () => {
    expect(mapMetaError({ message: 'Invalid OAuth access token', code: 190 }, 400).kind).toBe('auth');
    const permission = mapMetaError(
      { message: '(#200) Ad account owner has NOT granted ads_management or ads_read permission', code: 200 },
      400,
    );
    expect(permission.kind).toBe('permission');
    expect(permission.message).toMatch(/ads_read/);
    expect(mapMetaError({ message: 'User request limit reached', code: 17 }, 400).kind).toBe('rate_limited');
  });

  it('reads usage headers', () => {
    const headers = new Headers({
      'x-business-use-case-usage': JSON.stringify({
        '123': [
          {
            type: 'ads_insights',
            call_count: 95,
            total_cputime: 10,
            total_time: 20,
            estimated_time_to_regain_access: 3,
          },
        ],
      }),
      'x-app-usage': JSON.stringify({ call_count: 12, total_cputime: 1, total_time: 2 }),
    });
    const usage = parseMetaUsage(headers);
    expect(usage?.maxPercent).toBe(95);
    expect(usage?.regainAccessMinutes).toBe(3);
    expect(parseMetaUsage(new Headers())).toBeUndefined();
  });
});
