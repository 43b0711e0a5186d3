import { describe, expect, it } from 'vitest';
import { ATTRIBUTION_MODELS } from '../../shared/contracts/first-party.ts';
import { creditFirstPartyJourneys, type SessionTouch } from './credit-first-party-journeys.ts';

const touch = (over: Partial<SessionTouch>): SessionTouch => ({
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  referrer: null,
  fbclid: false,
  gclid: false,
  ttclid: false,
  msclkid: false,
  clickCampaign: null,
  ...over,
});
const meta = (campaign: string) =>
  touch({ utmSource: 'facebook', utmMedium: 'paid_social', utmCampaign: campaign, fbclid: true });
const email = touch({ utmSource: 'klaviyo', utmMedium: 'email', utmCampaign: 'Weekly' });
const direct = touch({});
const search = touch({ referrer: 'https://www.google.com' });

describe('creditFirstPartyJourneys', () => {
  const journeys = [
    { touches: [meta('Spring'), direct], conversions: 1, value: 100, nulls: 0 },
    { touches: [email, meta('Summer')], conversions: 1, value: 50, nulls: 0 },
    { touches: [search], conversions: 1, value: 30, nulls: 0 },
    { touches: [meta('Spring')], conversions: 0, value: 0, nulls: 3 },
  ];

  it('names sessions by channel and credits them by the chosen model', () => {
    const byChannel = (model: (typeof ATTRIBUTION_MODELS)[number]) =>
      Object.fromEntries(creditFirstPartyJourneys(journeys, model).channels.map((c) => [c.channel, c.value]));
    expect(byChannel('last')).toEqual({ direct: 100, meta_ads: 50, google_organic: 30, email: 0 });
    expect(byChannel('last-non-direct')).toEqual({ meta_ads: 150, google_organic: 30, email: 0, direct: 0 });
    expect(byChannel('first')).toEqual({ meta_ads: 100, email: 50, google_organic: 30, direct: 0 });
    expect(byChannel('linear')).toEqual({ meta_ads: 75, direct: 50, email: 25, google_organic: 30 });
    expect(byChannel('shapley')).toEqual(byChannel('linear'));
  });

  it('credits UTM campaigns with their channel, and every model keeps the total value', () => {
    const { campaigns } = creditFirstPartyJourneys(journeys, 'last-non-direct');
    expect(campaigns).toEqual([
      { channel: 'meta_ads', campaign: 'Spring', conversions: 1, value: 100 },
      { channel: 'meta_ads', campaign: 'Summer', conversions: 1, value: 50 },
      { channel: 'email', campaign: 'Weekly', conversions: 0, value: 0 },
    ]);
    for (const model of ATTRIBUTION_MODELS) {
      const total = creditFirstPartyJourneys(journeys, model).channels.reduce((s, c) => s + c.value, 0);
      expect(total, model).toBeCloseTo(180, 6);
    }
  });

  it("credits a click id's matched campaign over the UTM tag, and ttclid sessions to TikTok", () => {
    const google = touch({
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'Search – Brand',
      gclid: true,
      clickCampaign: 'search_1',
    });
    const tiktok = touch({ utmCampaign: 'spark_2', ttclid: true });
    const { campaigns, channels } = creditFirstPartyJourneys(
      [
        { touches: [google], conversions: 2, value: 80, nulls: 0 },
        { touches: [email, tiktok], conversions: 1, value: 40, nulls: 0 },
      ],
      'last-non-direct',
    );
    expect(campaigns).toEqual([
      { channel: 'google_ads', campaign: 'search_1', conversions: 2, value: 80 },
      { channel: 'tiktok_ads', campaign: 'spark_2', conversions: 1, value: 40 },
      { channel: 'email', campaign: 'Weekly', conversions: 0, value: 0 },
    ]);
    expect(channels.find((c) => c.channel === 'tiktok_ads')?.value).toBe(40);
  });
});
