// @vitest-environment happy-dom
import type { SyncSourceStatus, SyncStatusResponse } from '@shared/contracts/sync.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { getToasts } from '@web/components/ui/toast-store.ts';
import { createQueryClient } from '@web/lib/query-client.ts';
import { renderInDocument, textOf } from '@web/testing/render.tsx';
import { settleRequests } from '@web/testing/requests.ts';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataFreshnessPanel } from './data-freshness-panel.tsx';

/**
 * The panel against a fake API at the network boundary (fetch); the real endpoints are covered by
 * test/warehouse/warehouse-sync.test.ts.
 */
const calls: { method: string; path: string; body?: string }[] = [];
let runAnswer: () => Response;
let cleanup: (() => void) | undefined;
let client = createQueryClient();

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const source = (overrides: Partial<SyncSourceStatus>): SyncSourceStatus => ({
  source: 'shopify',
  label: 'Shopify',
  connected: true,
  state: 'succeeded',
  lastSyncAt: '2026-11-01T11:45:00.000Z',
  lastAttemptAt: '2026-11-01T11:45:00.000Z',
  rows: 1_234_567,
  rowsByTable: { wh_orders: 1_234_567 },
  lastRunRows: 10,
  lagSeconds: 900,
  quota: { unit: 'query cost points', used: 500, limit: 2000, usedPercent: 25 },
  lastError: null,
  lastErrorAt: null,
  running: false,
  queued: false,
  nextAttemptAt: null,
  backfillCompletedAt: '2026-11-01T10:00:00.000Z',
  delivery: { mode: 'polling', reason: null },
  overdue: false,
  health: { state: 'connected', reason: null, fix: null },
  ...overrides,
});

const statusBody: SyncStatusResponse = {
  intervalMinutes: 15,
  checkedAt: '2026-11-01T12:00:00.000Z',
  sources: [
    source({}),
    source({
      source: 'ga4',
      label: 'Google Analytics',
      state: 'queued',
      queued: true,
      lastError: 'Google Analytics is temporarily unavailable. Please try again in a few minutes.',
      lastErrorAt: '2026-11-01T11:58:00.000Z',
      quota: null,
    }),
    source({
      source: 'meta',
      label: 'Meta Ads',
      connected: false,
      state: 'never',
      lastSyncAt: null,
      rows: 0,
      lagSeconds: null,
      quota: null,
    }),
  ],
};

beforeEach(() => {
  calls.length = 0;
  runAnswer = () => json({ message: 'Sync started for Shopify, Google Analytics.', queued: [] }, 202);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      calls.push({ method: init?.method ?? 'GET', path: url.pathname, body: init?.body as string });
      if (url.pathname === '/api/sync/status') return json(statusBody);
      if (url.pathname === '/api/sync/run') return runAnswer();
      return json({ message: 'not found' }, 404);
    }),
  );
});
afterEach(async () => {
  // A refetch or invalidation still running would otherwise reach the real fetch (no server here).
  await settleRequests(client);
  cleanup?.();
  vi.unstubAllGlobals();
});

async function renderPanel() {
  client = createQueryClient();
  const rendered = await renderInDocument(
    <QueryClientProvider client={client}>
      <DataFreshnessPanel />
    </QueryClientProvider>,
  );
  cleanup = rendered.unmount;
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  return rendered.container;
}

describe('DataFreshnessPanel', () => {
  it('shows last sync, rows, lag, quota and the last error per source', async () => {
    const container = await renderPanel();
    const shopify = textOf(container.querySelector('[data-testid="freshness-shopify"]'));
    expect(shopify).toContain('Up to date');
    expect(shopify).toContain('15 min ago');
    expect(shopify).toContain('1,234,567');
    expect(shopify).toContain('15 min');
    expect(shopify).toContain('25 % of query cost points');
    const ga4 = textOf(container.querySelector('[data-testid="freshness-ga4"]'));
    expect(ga4).toContain('Retrying');
    expect(ga4).toContain('Last error (2 min ago): Google Analytics is temporarily unavailable.');
    expect(ga4).toContain('The data from the last successful sync is still shown.');
    expect(textOf(container.querySelector('[data-testid="freshness-meta"]'))).toContain('Not connected');
    expect(textOf(container)).toContain('Synced automatically every 15 minutes.');
  });

  it('starts a sync with "Sync now" and says so in a toast, or shows the server error', async () => {
    const container = await renderPanel();
    const button = container.querySelector<HTMLButtonElement>('[data-testid="sync-now"]');
    await act(async () => {
      button?.click();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(calls.filter((call) => call.path === '/api/sync/run')).toEqual([
      { method: 'POST', path: '/api/sync/run', body: '{}' },
    ]);
    expect(getToasts().at(-1)).toMatchObject({
      title: 'Sync Started',
      description: 'Sync started for Shopify, Google Analytics.',
    });

    runAnswer = () =>
      json({ message: 'No data source is connected yet.', code: 'no_sources_connected' }, 400);
    await act(async () => {
      button?.click();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(getToasts().at(-1)).toMatchObject({
      title: 'Error',
      description: 'No data source is connected yet.',
    });
  });
});
