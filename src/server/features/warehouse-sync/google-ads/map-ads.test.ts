import { describe, expect, it } from 'vitest';
import { GoogleAdsRowSchema } from '../../../connectors/google-ads/payload.schema.ts';
import { mapGoogleAdDays, mapGoogleAds } from './map-ads.ts';

const rows = (list: unknown[]) => list.map((r) => GoogleAdsRowSchema.parse(r));

describe('mapGoogleAds', () => {
  const assets = rows([
    {
      asset: {
        resourceName: 'customers/1/assets/9',
        type: 'YOUTUBE_VIDEO',
        youtubeVideoAsset: { youtubeVideoId: 'abc_123' },
      },
    },
  ]);

  it('takes a search ad’s first headline and description as its text, with no picture', () => {
    const [ad] = mapGoogleAds(
      rows([
        {
          campaign: { id: '11' },
          adGroup: { id: '22' },
          adGroupAd: {
            status: 'ENABLED',
            ad: {
              id: '33',
              name: 'Brand',
              type: 'RESPONSIVE_SEARCH_AD',
              finalUrls: ['https://shop.example/'],
              responsiveSearchAd: {
                headlines: [{ text: 'Shoes' }, { text: 'More' }],
                descriptions: [{ text: 'Fast' }],
              },
            },
          },
        },
      ]),
      assets,
    );
    expect(ad).toMatchObject({
      adId: '33',
      campaignId: '11',
      adGroupId: '22',
      format: 'text',
      title: 'Shoes',
      body: 'Fast',
      finalUrl: 'https://shop.example/',
      thumbnailUrl: null,
      videoId: null,
      creativeDeleted: false,
    });
  });

  it("shows a video ad's YouTube thumbnail, and marks a video the account no longer has as deleted", () => {
    const video = (asset: string) => ({
      campaign: { id: '1' },
      adGroupAd: { ad: { id: '5', type: 'VIDEO_RESPONSIVE_AD', videoResponsiveAd: { videos: [{ asset }] } } },
    });
    const [kept] = mapGoogleAds(rows([video('customers/1/assets/9')]), assets);
    expect(kept).toMatchObject({
      format: 'video',
      videoId: 'abc_123',
      thumbnailUrl: 'https://i.ytimg.com/vi/abc_123/hqdefault.jpg',
      creativeDeleted: false,
      name: '5',
    });
    const [gone] = mapGoogleAds(rows([video('customers/1/assets/404')]), assets);
    expect(gone).toMatchObject({ format: 'video', videoId: null, thumbnailUrl: null, creativeDeleted: true });
  });

  it('keeps only https image URLs of an image ad', () => {
    const image = (imageUrl: string) => ({
      campaign: { id: '1' },
      adGroupAd: { ad: { id: '6', type: 'IMAGE_AD', imageAd: { imageUrl } } },
    });
    expect(mapGoogleAds(rows([image('https://cdn.example/a.png')]), [])[0]?.thumbnailUrl).toBe(
      'https://cdn.example/a.png',
    );
    expect(mapGoogleAds(rows([image('javascript:alert(1)')]), [])[0]?.thumbnailUrl).toBeNull();
  });
});

describe('mapGoogleAdDays', () => {
  it('turns micros into exact minor units, reads TrueView views, and has no reach', () => {
    const [day] = mapGoogleAdDays(
      rows([
        {
          segments: { date: '2026-11-02' },
          campaign: { id: '1' },
          adGroup: { id: '2' },
          adGroupAd: { ad: { id: '3' } },
          metrics: {
            costMicros: '12345678',
            impressions: '100',
            clicks: '7',
            conversions: 1.5,
            conversionsValue: 40.255,
            videoTrueviewViews: '31',
          },
        },
      ]),
      'USD',
    );
    expect(day).toEqual({
      date: '2026-11-02',
      adId: '3',
      campaignId: '1',
      adGroupId: '2',
      spendMinor: 1235,
      impressions: 100,
      clicks: 7,
      conversions: 1.5,
      conversionValueMinor: 4026,
      videoViews: 31,
      reach: null,
    });
    // zero metrics are absent from Google's rows; rows without an ad are not ad days
    expect(
      mapGoogleAdDays(rows([{ segments: { date: '2026-11-02' }, campaign: { id: '1' } }]), 'USD'),
    ).toEqual([]);
    expect(
      mapGoogleAdDays(
        rows([{ segments: { date: '2026-11-02' }, campaign: { id: '1' }, adGroupAd: { ad: { id: '3' } } }]),
        'JPY',
      )[0],
    ).toMatchObject({ spendMinor: 0, videoViews: 0 });
  });
});
