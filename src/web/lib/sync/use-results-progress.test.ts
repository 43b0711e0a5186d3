import type { AnalysisStatus } from '@shared/contracts/analytics.ts';
import type { SyncSourceStatus, SyncStatusResponse } from '@shared/contracts/sync.ts';
import { describe, expect, it } from 'vitest';
import { phaseOf } from './use-results-progress.ts';

const source = (overrides: Partial<SyncSourceStatus>): SyncSourceStatus => ({
  source: 'shopify',
  label: 'Shopify',
  connected: true,
  state: 'succeeded',
  lastSyncAt: '2026-11-01T12:00:00.000Z',
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
  ...overrides,
});
const sync = (...sources: SyncSourceStatus[]): SyncStatusResponse => ({
  sources,
  intervalMinutes: 15,
  checkedAt: '2026-11-01T12:05:00.000Z',
});
const analysis = (startedAt: string | null, running = false): AnalysisStatus => ({
  lastRun: startedAt
    ? {
        id: 'r',
        status: running ? 'running' : 'succeeded',
        startedAt,
        finishedAt: null,
        asOf: null,
        durationMs: null,
        error: null,
      }
    : null,
  lastSucceededAt: startedAt,
  running,
  hasData: startedAt !== null,
  lifetimeModel: null,
});

describe('phaseOf', () => {
  it('follows syncing → analysing → ready', () => {
    expect(
      phaseOf(sync(source({ state: 'never', lastSyncAt: null, queued: true })), analysis(null)).phase,
    ).toBe('syncing');
    expect(phaseOf(sync(source({})), analysis(null)).phase).toBe('analysing');
    expect(phaseOf(sync(source({})), analysis('2026-11-01T11:00:00.000Z')).phase).toBe('analysing');
    expect(phaseOf(sync(source({})), analysis('2026-11-01T12:00:01.000Z', true)).phase).toBe('analysing');
    expect(phaseOf(sync(source({})), analysis('2026-11-01T12:00:01.000Z')).phase).toBe('ready');
  });

  it('waits for nothing when nothing is connected or nothing will sync', () => {
    expect(phaseOf(sync(source({ connected: false, lastSyncAt: null })), analysis(null)).phase).toBe('idle');
    expect(phaseOf(sync(source({ state: 'never', lastSyncAt: null })), analysis(null)).phase).toBe('idle');
  });

  it('changes its signature when a sync or an analysis finishes', () => {
    const before = phaseOf(sync(source({})), analysis(null)).signature;
    expect(phaseOf(sync(source({})), analysis('2026-11-01T12:00:01.000Z')).signature).not.toBe(before);
    expect(
      phaseOf(sync(source({ lastSyncAt: '2026-11-01T12:15:00.000Z' })), analysis(null)).signature,
    ).not.toBe(before);
  });
});
