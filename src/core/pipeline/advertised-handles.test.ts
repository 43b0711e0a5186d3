import { describe, expect, it } from 'vitest';
import { advertisedHandles } from './advertised-handles.ts';
import type { OrderJourney } from './types.ts';

const meta = (campaign: string): OrderJourney => ({
  lastChannel: 'meta_ads',
  firstChannel: null,
  utmCampaign: campaign,
  firstCampaign: null,
});
/** A direct last visit after a Meta first visit: the first visit's campaign is credited. */
const metaFirst = (campaign: string): OrderJourney => ({
  lastChannel: 'direct',
  firstChannel: 'meta_ads',
  utmCampaign: null,
  firstCampaign: campaign,
});
const google: OrderJourney = {
  lastChannel: 'google_ads',
  firstChannel: null,
  utmCampaign: 'Spring',
  firstCampaign: null,
};

const adCampaigns = [
  { platform: 'meta', campaignId: '101', name: 'Spring', status: 'ACTIVE', utmCampaign: null },
  { platform: 'meta', campaignId: '102', name: 'Retargeting', status: 'ACTIVE', utmCampaign: null },
];
const tiktok = (campaign: string): OrderJourney => ({
  lastChannel: 'tiktok_ads',
  firstChannel: null,
  utmCampaign: campaign,
  firstCampaign: null,
});

describe('advertisedHandles', () => {
  it('names the landing product of at least half the orders credited to a campaign, by name or id', () => {
    const handles = advertisedHandles({
      adCampaigns,
      adClickOrders: [],
      orderDays: [
        { ...meta('Spring'), date: '2026-11-01', orders: 3, total: 300 },
        { ...metaFirst('101'), date: '2026-11-02', orders: 1, total: 100 },
        // Not Meta: neither counted nor able to decide Spring's product.
        { ...google, date: '2026-11-02', orders: 50, total: 5000 },
        { ...meta('Retargeting'), date: '2026-11-01', orders: 10, total: 1000 },
      ],
      productLandings: [
        { ...meta('Spring'), landingHandle: 'linen-shirt', orders: 1 },
        { ...metaFirst('101'), landingHandle: 'linen-shirt', orders: 1 },
        { ...google, landingHandle: 'cap', orders: 50 },
        // 4 of Retargeting's 10 orders: below half, no advertised product.
        { ...meta('Retargeting'), landingHandle: 'cap', orders: 4 },
      ],
    });
    expect([...handles]).toEqual([['101', 'linen-shirt']]);
  });

  it('is empty without campaigns', () => {
    expect(
      advertisedHandles({
        adCampaigns: [],
        adClickOrders: [],
        orderDays: [{ ...meta('Spring'), date: '2026-11-01', orders: 2, total: 200 }],
        productLandings: [{ ...meta('Spring'), landingHandle: 'linen-shirt', orders: 2 }],
      }).size,
    ).toBe(0);
  });

  it("names a Google or TikTok campaign's product, by its final-URL utm_campaign or by click id", () => {
    const campaigns = [
      ...adCampaigns,
      // Google's id 101 is Meta's too: the keys keep them apart.
      { platform: 'google_ads', campaignId: '101', name: 'PMax', status: 'ACTIVE', utmCampaign: 'pmax' },
      { platform: 'tiktok_ads', campaignId: '7', name: 'Spark', status: 'ACTIVE', utmCampaign: 'spark-ads' },
      { platform: 'pinterest', campaignId: '9', name: 'Pins', status: null, utmCampaign: 'spark-ads' },
    ];
    const untagged: OrderJourney = { ...google, utmCampaign: 'Shopping' };
    const handles = advertisedHandles({
      adCampaigns: campaigns,
      orderDays: [
        { ...tiktok('spark-ads'), date: '2026-11-01', orders: 4, total: 400 },
        // Google orders whose UTM names no campaign: only their click ids name PMax.
        { ...untagged, date: '2026-11-01', orders: 6, total: 600 },
      ],
      productLandings: [
        { ...tiktok('spark-ads'), landingHandle: 'cap', orders: 3 },
        { ...untagged, landingHandle: 'linen-shirt', orders: 5 },
      ],
      adClickOrders: [
        {
          ...untagged,
          platform: 'google_ads',
          campaignId: '101',
          date: '2026-11-01',
          orders: 5,
          total: 500,
          landingHandle: 'linen-shirt',
        },
        // A click whose order another channel is credited with moves nothing.
        {
          ...meta('Retargeting'),
          platform: 'google_ads',
          campaignId: '101',
          date: '2026-11-01',
          orders: 40,
          total: 4000,
          landingHandle: 'cap',
        },
      ],
    });
    expect([...handles].sort()).toEqual([
      ['google_ads:101', 'linen-shirt'],
      ['tiktok_ads:7', 'cap'],
    ]);
  });

  it('moves a clicked order from the campaign its UTM named to the one its click id named', () => {
    const campaigns = [
      { platform: 'google_ads', campaignId: '1', name: 'Search', status: 'ACTIVE', utmCampaign: 'search' },
      {
        platform: 'google_ads',
        campaignId: '2',
        name: 'Shopping',
        status: 'ACTIVE',
        utmCampaign: 'shopping',
      },
    ];
    const tagged: OrderJourney = { ...google, utmCampaign: 'search' };
    const handles = advertisedHandles({
      adCampaigns: campaigns,
      orderDays: [{ ...tagged, date: '2026-11-01', orders: 4, total: 400 }],
      productLandings: [{ ...tagged, landingHandle: 'cap', orders: 4 }],
      adClickOrders: [
        {
          ...tagged,
          platform: 'google_ads',
          campaignId: '2',
          date: '2026-11-01',
          orders: 3,
          total: 300,
          landingHandle: 'cap',
        },
      ],
    });
    // Search keeps one order (on cap), Shopping gets three (on cap): both advertise cap.
    expect([...handles].sort()).toEqual([
      ['google_ads:1', 'cap'],
      ['google_ads:2', 'cap'],
    ]);
  });
});
