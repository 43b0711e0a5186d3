import { describe, expect, it } from 'vitest';
import { sessionChannelOf } from '../journeys/session-channel-of.ts';
import { channelOf } from './channel-of.ts';

describe('channelOf', () => {
  it('names TikTok ads from utm_source=tiktok, whatever paid medium it carries', () => {
    expect(channelOf('tiktok', 'paid_social', null)).toBe('tiktok_ads');
    expect(channelOf('TikTok', 'cpc', null)).toBe('tiktok_ads');
    expect(channelOf('tiktok', null, null)).toBe('tiktok_ads');
  });

  it('keeps an organic TikTok post unpaid', () => {
    expect(channelOf('tiktok', 'social', 'SOCIAL')).toBe('referral');
    expect(channelOf('tiktok', 'organic', null)).toBe('google_organic');
  });

  it('reads the network from the source before the medium: Google video on paid_social is Google Ads', () => {
    expect(channelOf('google', 'paid_social', null)).toBe('google_ads');
    expect(channelOf('youtube', 'cpc', null)).toBe('google_ads');
    expect(channelOf('facebook', 'cpc', null)).toBe('meta_ads');
    expect(channelOf('pinterest', 'paid_social', null)).toBe('meta_ads');
  });

  it('keeps the earlier names for Meta, Google search, e-mail, organic, referral and direct', () => {
    expect(channelOf('facebook', 'paid_social', null)).toBe('meta_ads');
    expect(channelOf('google', 'cpc', 'SEARCH')).toBe('google_ads');
    expect(channelOf('bing', 'ppc', null)).toBe('google_ads');
    expect(channelOf('klaviyo', 'email', null)).toBe('email');
    expect(channelOf('google', 'organic', null)).toBe('google_organic');
    expect(channelOf(null, null, 'SEARCH')).toBe('google_organic');
    expect(channelOf('blog.example', 'referral', null)).toBe('referral');
    expect(channelOf(null, null, 'DIRECT')).toBe('direct');
    expect(channelOf(null, null, null)).toBe('direct');
  });
});

describe('sessionChannelOf', () => {
  const session = {
    utmSource: null,
    utmMedium: null,
    referrer: null,
    fbclid: null,
    gclid: null,
    ttclid: null,
    msclkid: null,
  };

  it('names the network from its click id before the UTM tags', () => {
    expect(sessionChannelOf({ ...session, ttclid: 'E.C.P.x' })).toBe('tiktok_ads');
    expect(sessionChannelOf({ ...session, gclid: 'Cj0K', utmSource: 'tiktok' })).toBe('google_ads');
    expect(sessionChannelOf({ ...session, fbclid: 'IwAR' })).toBe('meta_ads');
    expect(sessionChannelOf({ ...session, msclkid: 'm1' })).toBe('google_ads');
  });

  it('falls back to the UTM tags, then the referrer', () => {
    expect(sessionChannelOf({ ...session, utmSource: 'tiktok', utmMedium: 'paid_social' })).toBe(
      'tiktok_ads',
    );
    expect(sessionChannelOf({ ...session, referrer: 'https://www.tiktok.com/' })).toBe('referral');
    expect(sessionChannelOf({ ...session, referrer: 'https://www.bing.com/' })).toBe('google_organic');
  });
});
