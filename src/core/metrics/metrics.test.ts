import { describe, expect, it } from 'vitest';
import { campaignRoasRange } from './campaign-roas-range.ts';
import { computeRoas } from './compute-roas.ts';
import { creditOrder } from './credit-order.ts';
import { judgeCampaign } from './judge-campaign.ts';

describe('creditOrder (last non-direct click over first and last visit)', () => {
  it.each([
    ['meta_ads', 'A', 'email', 'B', 'meta_ads', 'A'],
    ['direct', null, 'meta_ads', 'B', 'meta_ads', 'B'],
    [null, null, 'google_ads', 'G', 'google_ads', 'G'],
    ['direct', null, 'direct', null, 'direct', null],
    [null, null, null, null, 'direct', null],
    ['email', 'N', 'meta_ads', 'B', 'email', 'N'],
  ])(
    'last %s/%s, first %s/%s → %s/%s',
    (lastChannel, lastCampaign, firstChannel, firstCampaign, channel, campaign) => {
      expect(creditOrder({ lastChannel, lastCampaign, firstChannel, firstCampaign })).toEqual({
        channel,
        campaign,
      });
    },
  );
});

describe('ROAS and the campaign verdict', () => {
  it('computeRoas divides and has no value without spend', () => {
    expect(computeRoas(300, 100)).toBe(3);
    expect(computeRoas(300, 0)).toBeNull();
  });

  it('campaignRoasRange widens with few orders', () => {
    const few = campaignRoasRange(400, 100, 4)!;
    const many = campaignRoasRange(40_000, 10_000, 400)!;
    expect(few.roas).toBe(4);
    expect(many.roas).toBe(4);
    expect(few.high - few.low).toBeGreaterThan(many.high - many.low);
    expect(few.low).toBeLessThan(4);
    expect(campaignRoasRange(0, 100, 0)).toEqual({ roas: 0, low: 0, high: 0 });
  });

  const judge = (netRevenue: number, verifiedOrders: number, matchRate: number, status = 'ACTIVE') =>
    judgeCampaign({ status, spend: 1000, netRevenue, verifiedOrders, matchRate });

  it('cuts an active loser, scales a robust winner whatever Meta claims, flags a gap, else optimizes', () => {
    expect(judge(800, 20, 95)).toBe('Cut');
    expect(judge(800, 20, 95, 'PAUSED')).toBe('Optimize');
    expect(judge(6000, 80, 60)).toBe('Scale up');
    expect(judge(6000, 1, 95)).toBe('Optimize'); // one order: the low end of the range is below 1
    expect(judge(2000, 40, 60)).toBe('Attribution gap');
    expect(judge(2000, 40, 95)).toBe('Optimize');
    expect(
      judgeCampaign({ status: 'ACTIVE', spend: 0, netRevenue: 10, verifiedOrders: 1, matchRate: 100 }),
    ).toBeNull();
  });
});
