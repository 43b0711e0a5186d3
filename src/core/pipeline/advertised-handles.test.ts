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

const metaCampaigns = [
  { campaignId: '101', name: 'Spring', status: 'ACTIVE' },
  { campaignId: '102', name: 'Retargeting', status: 'ACTIVE' },
];

describe('advertisedHandles', () => {
  it('names the landing product of at least half the orders credited to a campaign, by name or id', () => {
    const handles = advertisedHandles({
      metaCampaigns,
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

  it('is empty without Meta campaigns', () => {
    expect(
      advertisedHandles({
        metaCampaigns: [],
        orderDays: [{ ...meta('Spring'), date: '2026-11-01', orders: 2, total: 200 }],
        productLandings: [{ ...meta('Spring'), landingHandle: 'linen-shirt', orders: 2 }],
      }).size,
    ).toBe(0);
  });
});
