import { embedSnippet, shopifyThemeSnippet } from '@shared/tracker-snippet.ts';
import { describe, expect, it } from 'vitest';
import { formatRate, formatSessionDuration } from './format.ts';
import { createSessionId } from './self-tracking.ts';

describe('cursor tracking formats (spec §2)', () => {
  it('shows durations as "Xm Ys" or "Ys"', () => {
    expect(formatSessionDuration(0)).toBe('0s');
    expect(formatSessionDuration(42_400)).toBe('42s');
    expect(formatSessionDuration(59_600)).toBe('1m 0s');
    expect(formatSessionDuration(125_000)).toBe('2m 5s');
  });

  it('shows the click-through rate with one decimal', () => {
    expect(formatRate(66.6666)).toBe('66.7%');
    expect(formatRate(0)).toBe('0.0%');
  });

  it('builds the embed snippet with key, id, script and endpoint from our origin', () => {
    const snippet = embedSnippet({ trackingId: 'trk_1', apiKey: 'utk_2' }, 'https://upside.example');
    expect(snippet).toContain('src="https://upside.example/tracker.js"');
    expect(snippet).toContain('data-tracking-id="trk_1"');
    expect(snippet).toContain('data-api-key="utk_2"');
    expect(snippet).toContain('data-endpoint="https://upside.example/api/cursor-tracking/events"');
  });

  it('builds the theme.liquid snippet: the embed snippet plus the customer e-mail hash in Liquid', () => {
    const theme = shopifyThemeSnippet({ trackingId: 'trk_1', apiKey: 'utk_2' }, 'https://upside.example');
    expect(theme).toContain('data-tracking-id="trk_1"');
    expect(theme).toContain(
      '{% if customer %}data-email-hash="{{ customer.email | downcase | sha256 }}"{% endif %}',
    );
    expect(theme.trimEnd().endsWith('></script>')).toBe(true);
    expect(theme.match(/<script/g)).toHaveLength(1);
  });

  it('makes session ids from time and randomness', () => {
    expect(createSessionId(1_800_000_000_000, () => 0.5)).toBe(`${(1_800_000_000_000).toString(36)}i`);
    expect(createSessionId()).not.toBe(createSessionId());
  });
});
