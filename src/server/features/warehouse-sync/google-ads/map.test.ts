import { describe, expect, it } from 'vitest';
import { describeGoogleAdsFailure, parseRetryDelay } from '../../../connectors/google-ads/errors.ts';
import { utmsOf } from '../ad-platforms/ad-platform-row.ts';
import { mapTikTokRows } from '../tiktok/map.ts';
import { mapGoogleAdsRows, microsToMinor } from './map.ts';

describe('Google Ads mapping', () => {
  it('micros → exact minor units, half away from zero, for 2- and 0-digit currencies', () => {
    expect(microsToMinor('12500000', 2)).toBe(1250);
    expect(microsToMinor('5000', 2)).toBe(1);
    expect(microsToMinor('4999', 2)).toBe(0);
    expect(microsToMinor('-5000', 2)).toBe(-1);
    expect(microsToMinor('1499999', 0)).toBe(1);
    expect(microsToMinor('9007199254740993000000', 2)).toBe(900719925474099300);
  });

  it('maps a row with absent zero metrics, channel type and UTMs of suffix or template', () => {
    const [row] = mapGoogleAdsRows(
      [
        {
          segments: { date: '2026-11-01' },
          campaign: {
            id: '555',
            name: 'PMax',
            advertisingChannelType: 'PERFORMANCE_MAX',
            trackingUrlTemplate: '{lpurl}?utm_source=google&utm_campaign=pmax',
          },
          metrics: { costMicros: '2500000' },
        },
        { campaign: { id: '1' } },
      ],
      '123',
      'EUR',
    );
    expect(row).toMatchObject({
      spendMinor: 250,
      clicks: 0,
      conversions: 0,
      campaignType: 'performance_max',
      utmSource: 'google',
      utmCampaign: 'pmax',
      utmMedium: null,
    });
    expect(utmsOf('utm_medium=cpc', 'utm_medium=other&utm_source=x')).toEqual({
      utmSource: 'x',
      utmMedium: 'cpc',
      utmCampaign: null,
    });
  });

  it('reads the reason of a GoogleAdsFailure and the wait of a quota error', () => {
    const failure = describeGoogleAdsFailure(429, {
      error: {
        details: [
          {
            errors: [
              {
                errorCode: { quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED' },
                details: { quotaErrorDetails: { retryDelay: '7s' } },
              },
            ],
          },
        ],
      },
    });
    expect(failure).toMatchObject({
      kind: 'rate_limited',
      reason: 'RESOURCE_TEMPORARILY_EXHAUSTED',
      retryDelayMs: 7000,
    });
    expect(parseRetryDelay('1.5s')).toBe(1500);
    expect(describeGoogleAdsFailure(400, undefined)).toMatchObject({
      kind: 'bad_request',
      reason: 'HTTP 400',
    });
  });
});

describe('TikTok mapping', () => {
  it('decimal strings → minor units, "-" → 0, the day without its time part', () => {
    const [row] = mapTikTokRows(
      [
        {
          dimensions: { campaign_id: '18', stat_time_day: '2026-11-12 00:00:00' },
          metrics: {
            spend: '125.505',
            clicks: '-',
            total_complete_payment_rate: '811.30',
            complete_payment: '9',
          },
        },
      ],
      '7',
      'EUR',
    );
    expect(row).toMatchObject({
      date: '2026-11-12',
      spendMinor: 12551,
      clicks: 0,
      conversions: 9,
      conversionValueMinor: 81130,
    });
  });
});
