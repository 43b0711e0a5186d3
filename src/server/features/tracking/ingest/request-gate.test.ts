import { describe, expect, it } from 'vitest';
import { isBotUserAgent, isOriginAllowed } from './request-gate.ts';

describe('origin allow-list', () => {
  it('allows the website origin and its www twin only', () => {
    const site = 'https://shop.example/store';
    expect(isOriginAllowed('https://shop.example', site)).toBe(true);
    expect(isOriginAllowed('https://www.shop.example', site)).toBe(true);
    expect(isOriginAllowed(undefined, site)).toBe(true);
    expect(isOriginAllowed('http://shop.example', site)).toBe(false);
    expect(isOriginAllowed('https://shop.example:8443', site)).toBe(false);
    expect(isOriginAllowed('https://evil.example', site)).toBe(false);
    expect(isOriginAllowed('https://shop.example.evil.example', site)).toBe(false);
    expect(isOriginAllowed('null', site)).toBe(false);
  });
});

describe('bot detection', () => {
  it('drops crawlers and tools, keeps browsers (headless ones too)', () => {
    expect(isBotUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(
      true,
    );
    expect(isBotUserAgent('curl/8.5.0')).toBe(true);
    expect(isBotUserAgent(undefined)).toBe(true);
    expect(isBotUserAgent('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15')).toBe(
      false,
    );
    expect(isBotUserAgent('Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/130.0.0.0 Safari/537.36')).toBe(
      false,
    );
  });
});
