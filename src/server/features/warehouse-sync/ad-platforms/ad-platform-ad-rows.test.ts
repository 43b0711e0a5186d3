import { describe, expect, it } from 'vitest';
import type { ToShopCurrency } from '../../../domain/ad-spend/ad-spend-conversion.ts';
import type { AdPlatformAdDay } from './ad-platform-ad-row.ts';
import { adDayRowsOf } from './ad-platform-ad-rows.ts';

/** EUR → USD at 1.0537 per euro, rounded half up per amount (as a day's converter would). */
const toShop: ToShopCurrency = (_currency, day, spend, value) => ({
  shop_currency: 'USD',
  spend_shop_minor: Math.round(spend * 1.0537),
  conversion_value_shop_minor: Math.round(value * 1.0537),
  exchange_rate: '1.0537000000',
  rate_date: day,
});
const context = {
  workspaceId: 'w',
  platform: 'tiktok_ads' as const,
  accountId: 'a',
  currency: 'EUR',
  syncedAt: '2026-11-30T00:00:00Z',
};
const adDay = (adId: string, spendMinor: number): AdPlatformAdDay => ({
  date: '2026-11-02',
  adId,
  campaignId: 'c',
  adGroupId: 'g',
  spendMinor,
  impressions: 100,
  clicks: 3,
  conversions: 0,
  conversionValueMinor: 0,
  videoViews: 20,
  reach: 80,
});

describe('adDayRowsOf', () => {
  // 3.34 + 3.33 + 3.34 € = 10.01 €, converted once for the campaign day: 1055 US cents, shared.
  const ads = [adDay('1', 334), adDay('2', 333), adDay('3', 334)];
  const campaign = { date: '2026-11-02', campaignId: 'c', spendMinor: 1001, spendShopMinor: 1055 };

  it("shares the campaign day's converted spend among its ads, to the cent", () => {
    const rows = adDayRowsOf(ads, [campaign], toShop, context);
    expect(rows.map((r) => r.spend_shop_minor)).toEqual([352, 351, 352]);
    expect(rows.reduce((s, r) => s + Number(r.spend_shop_minor), 0)).toBe(campaign.spendShopMinor);
    expect(rows[0]).toMatchObject({
      spend_minor: 334,
      currency_code: 'EUR',
      exchange_rate: '1.0537000000',
      reach: 80,
    });
  });

  it('converts each ad day alone when the ads do not add up to the campaign day, or it has no rate', () => {
    const partial = adDayRowsOf(ads.slice(0, 2), [campaign], toShop, context);
    expect(partial.map((r) => r.spend_shop_minor)).toEqual([352, 351]);
    const noRate = adDayRowsOf(ads, [{ ...campaign, spendShopMinor: null }], toShop, context);
    expect(noRate.map((r) => r.spend_shop_minor)).toEqual([352, 351, 352]);
    const unconvertible: ToShopCurrency = () => ({
      shop_currency: null,
      spend_shop_minor: null,
      conversion_value_shop_minor: null,
      exchange_rate: null,
      rate_date: null,
    });
    expect(adDayRowsOf(ads, [campaign], unconvertible, context).map((r) => r.spend_shop_minor)).toEqual([
      null,
      null,
      null,
    ]);
  });
});
