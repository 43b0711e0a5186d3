import type { SyncSourceStatus } from '@shared/contracts/sync.ts';
import { describe, expect, it } from 'vitest';
import { describeState, formatLag, formatQuota, formatRows, formatTimeAgo } from './format-freshness.ts';

const base: SyncSourceStatus = {
  source: 'shopify',
  label: 'Shopify',
  connected: true,
  state: 'succeeded',
  lastSyncAt: null,
  lastAttemptAt: null,
  rows: 0,
  rowsByTable: {},
  lastRunRows: 0,
  lagSeconds: null,
  quota: null,
  lastError: null,
  lastErrorAt: null,
  running: false,
  queued: false,
  nextAttemptAt: null,
  backfillCompletedAt: null,
  delivery: { mode: 'polling', reason: null },
  overdue: false,
  health: { state: 'connected', reason: null, fix: null },
};

describe('data freshness formatting', () => {
  it('formats times, lag, rows and quota', () => {
    const now = new Date('2026-11-01T12:00:00Z');
    expect(formatTimeAgo(null, now)).toBe('Never');
    expect(formatTimeAgo('2026-11-01T11:59:30Z', now)).toBe('just now');
    expect(formatTimeAgo('2026-11-01T11:45:00Z', now)).toBe('15 min ago');
    expect(formatTimeAgo('2026-10-29T12:00:00Z', now)).toBe('3 days ago');
    expect(formatLag(null)).toBe('—');
    expect(formatLag(42)).toBe('42 s');
    expect(formatLag(900)).toBe('15 min');
    expect(formatRows(1_040_766)).toBe('1,040,766');
    expect(formatQuota({ unit: 'tokens per day', used: 120, limit: 200_000, usedPercent: 0.1 })).toBe(
      '0.1 % of tokens per day',
    );
    expect(formatQuota(null)).toBe('—');
  });

  it('labels states, including a retry after an error', () => {
    expect(describeState(base)).toEqual({ label: 'Up to date', tone: 'success' });
    expect(describeState({ ...base, state: 'queued', queued: true, lastError: 'Shopify is down' })).toEqual({
      label: 'Retrying',
      tone: 'destructive',
    });
    expect(describeState({ ...base, connected: false, state: 'never' }).label).toBe('Not connected');
    expect(describeState({ ...base, state: 'running' }).label).toBe('Syncing');
  });

  it('never says "Up to date" for an unhealthy or overdue source', () => {
    const attention = {
      state: 'needs_attention' as const,
      reason: 'The last connection test failed: x',
      fix: 'y',
    };
    expect(describeState({ ...base, health: attention })).toEqual({
      label: 'Needs attention',
      tone: 'destructive',
    });
    expect(describeState({ ...base, overdue: true, health: attention }).label).toBe('Overdue');
    expect(describeState({ ...base, state: 'never', health: attention }).label).toBe('Needs attention');
  });
});
