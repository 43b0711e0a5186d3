import { describe, expect, it } from 'vitest';
import type { TikTokAd } from '../../../connectors/tiktok-ads/payload.schema.ts';
import { fillTikTokMacros, tiktokCampaignUtms } from './campaign-utms.ts';
import { mapTikTokRows } from './map.ts';

const ad = (adId: string, campaignId: string, params: [string, string][], url?: string): TikTokAd => ({
  ad_id: adId,
  campaign_id: campaignId,
  utm_params: params.map(([key, value]) => ({ key, value })),
  landing_page_url: url ?? 'https://shop.example/products/jar',
});

describe('TikTok campaign UTMs from its ads (decision 143)', () => {
  it('takes the template most ads carry, ties to the lowest ad id, and the landing URL when no parameters', () => {
    const utms = tiktokCampaignUtms([
      ad('30', '1', [['utm_campaign', 'spring_b']]),
      ad('20', '1', [
        ['utm_source', 'tiktok'],
        ['utm_medium', 'paid_social'],
        ['utm_campaign', 'spring'],
      ]),
      ad('10', '1', [
        ['utm_source', 'tiktok'],
        ['utm_medium', 'paid_social'],
        ['utm_campaign', 'spring'],
      ]),
      ad('5', '2', [['utm_campaign', 'b']]),
      ad('4', '2', [['utm_campaign', 'a']]),
      ad('9', '3', [], 'https://shop.example/?utm_source=tiktok&utm_campaign=from_url'),
      ad('8', '4', []),
    ]);
    expect(utms.get('1')).toEqual({ utmSource: 'tiktok', utmMedium: 'paid_social', utmCampaign: 'spring' });
    expect(utms.get('2')?.utmCampaign).toBe('a');
    expect(utms.get('3')).toEqual({ utmSource: 'tiktok', utmMedium: null, utmCampaign: 'from_url' });
    expect(utms.has('4')).toBe(false);
  });

  it("fills the campaign's own macros and leaves a value with an ad's macro empty", () => {
    const campaign = { id: '1800', name: 'Spark 1 – Spring' };
    expect(
      fillTikTokMacros(
        { utmSource: 'tiktok', utmMedium: 'paid_social', utmCampaign: '__CAMPAIGN_NAME__' },
        campaign,
      ),
    ).toEqual({ utmSource: 'tiktok', utmMedium: 'paid_social', utmCampaign: 'Spark 1 – Spring' });
    expect(
      fillTikTokMacros({ utmSource: null, utmMedium: null, utmCampaign: 'tt___CAMPAIGN_ID__' }, campaign),
    ).toMatchObject({ utmCampaign: 'tt_1800' });
    expect(
      fillTikTokMacros({ utmSource: 'tiktok', utmMedium: null, utmCampaign: '__CID_NAME__' }, campaign),
    ).toEqual({ utmSource: 'tiktok', utmMedium: null, utmCampaign: null });
    expect(fillTikTokMacros(undefined, campaign)).toEqual({
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
    });
  });

  it('gives every report row of a campaign (campaign and ad-group level) its filled UTMs', () => {
    const utms = tiktokCampaignUtms([
      ad('1', '18', [
        ['utm_campaign', '__CAMPAIGN_NAME__'],
        ['utm_source', 'tiktok'],
      ]),
    ]);
    const rows = mapTikTokRows(
      [
        {
          dimensions: { campaign_id: '18', stat_time_day: '2026-11-12 00:00:00' },
          metrics: { campaign_name: 'BF' },
        },
        {
          dimensions: { adgroup_id: '5', stat_time_day: '2026-11-12 00:00:00' },
          metrics: { campaign_id: '18', campaign_name: 'BF', adgroup_name: 'g' },
        },
        {
          dimensions: { campaign_id: '19', stat_time_day: '2026-11-12 00:00:00' },
          metrics: { campaign_name: 'X' },
        },
      ],
      '7',
      'EUR',
      utms,
    );
    expect(rows.map((r) => [r.campaignId, r.adGroupId, r.utmSource, r.utmCampaign])).toEqual([
      ['18', null, 'tiktok', 'BF'],
      ['18', '5', 'tiktok', 'BF'],
      ['19', null, null, null],
    ]);
  });
});
