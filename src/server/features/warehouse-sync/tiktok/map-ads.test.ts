import { describe, expect, it } from 'vitest';
import { AdListDataSchema, ReportRowSchema } from '../../../connectors/tiktok-ads/payload.schema.ts';
import { mapTikTokAdDays, mapTikTokAds } from './map-ads.ts';

const ads = (list: unknown[]) =>
  AdListDataSchema.parse({
    list,
    page_info: { page: 1, page_size: 1000, total_number: list.length, total_page: 1 },
  }).list;

describe('mapTikTokAds', () => {
  it("takes a video ad's cover as its picture; a video missing from the library is a deleted creative", () => {
    const covers = new Map([['v1', 'https://p16.example/cover.jpg']]);
    const [kept, gone, image] = mapTikTokAds(
      ads([
        {
          ad_id: '1',
          ad_name: 'A',
          campaign_id: 10,
          adgroup_id: '20',
          ad_text: 'Buy',
          call_to_action: 'SHOP_NOW',
          video_id: 'v1',
          landing_page_url: 'https://shop.example/',
        },
        { ad_id: '2', campaign_id: '10', video_id: 'v2' },
        { ad_id: '3', campaign_id: '10', image_ids: ['i1'], ad_text: '' },
      ]),
      covers,
    );
    expect(kept).toMatchObject({
      adId: '1',
      campaignId: '10',
      adGroupId: '20',
      name: 'A',
      format: 'video',
      body: 'Buy',
      callToAction: 'SHOP_NOW',
      thumbnailUrl: 'https://p16.example/cover.jpg',
      creativeDeleted: false,
    });
    expect(gone).toMatchObject({ name: '2', format: 'video', thumbnailUrl: null, creativeDeleted: true });
    expect(image).toMatchObject({ format: 'image', body: null, thumbnailUrl: null, creativeDeleted: false });
  });
});

describe('mapTikTokAdDays', () => {
  const row = (metrics: Record<string, string>) =>
    ReportRowSchema.parse({ dimensions: { ad_id: '7', stat_time_day: '2026-11-03 00:00:00' }, metrics });

  it('reads decimal strings into minor units, 2-second plays and reach; "-" reach is none', () => {
    const [day] = mapTikTokAdDays(
      [
        row({
          campaign_id: '1',
          adgroup_id: '2',
          spend: '12.34',
          impressions: '1000',
          clicks: '20',
          complete_payment: '2',
          total_complete_payment_rate: '80.50',
          video_watched_2s: '250',
          reach: '800',
        }),
      ],
      'EUR',
    );
    expect(day).toEqual({
      date: '2026-11-03',
      adId: '7',
      campaignId: '1',
      adGroupId: '2',
      spendMinor: 1234,
      impressions: 1000,
      clicks: 20,
      conversions: 2,
      conversionValueMinor: 8050,
      videoViews: 250,
      reach: 800,
    });
    const [none] = mapTikTokAdDays(
      [row({ campaign_id: '1', spend: '-', reach: '-', video_watched_2s: '-' })],
      'EUR',
    );
    expect(none).toMatchObject({ spendMinor: 0, reach: null, videoViews: 0, adGroupId: null });
    expect(mapTikTokAdDays([row({ spend: '1.00' })], 'EUR')).toEqual([]);
  });
});
