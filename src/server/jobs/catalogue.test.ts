import { describe, expect, it } from 'vitest';
import { backgroundWork } from '../main.ts';
import { catalogue, type JobContract, parseJobPayload } from './catalogue.ts';

const workspaceId = '4f0c2a1e-8b7d-4c3e-9a2f-1d5e6b7c8a90';
const deliveryId = '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9';

/**
 * What a queued row of each type was stored with before the catalogue (decision 180): a job
 * already in a database must still be claimed and run, and a new one must queue the same way.
 * [type, sample payload, attempts, priority, concurrency key]
 */
const STORED: ReadonlyArray<readonly [string, object, number, number, string | null]> = [
  ['sync-shopify', { workspaceId, reason: 'manual' }, 6, 50, `sync:shopify:${workspaceId}`],
  ['sync-ga4', { workspaceId, reason: 'schedule' }, 6, 100, `sync:ga4:${workspaceId}`],
  ['sync-meta', { workspaceId, reason: 'connect' }, 6, 50, `sync:meta:${workspaceId}`],
  ['sync-google_ads', { workspaceId }, 6, 50, `sync:google_ads:${workspaceId}`],
  ['sync-tiktok_ads', { workspaceId, reason: 'schedule' }, 6, 100, `sync:tiktok_ads:${workspaceId}`],
  ['analyze-workspace', { workspaceId }, 3, 80, `analyze:${workspaceId}`],
  ['recalculate-costs', { workspaceId, recalculationId: 7 }, 3, 60, `recalculate-costs:${workspaceId}`],
  ['maintain-tracking', {}, 3, 150, 'maintain-tracking'],
  ['record-demo-storefront', { workspaceId }, 1, 85, `record-demo-storefront:${workspaceId}`],
  ['deliver-notification', { workspaceId, deliveryId }, 6, 60, `deliver:${deliveryId}`],
  ['evaluate-alerts', { workspaceId }, 3, 90, `alerts:${workspaceId}`],
  ['slice-funnel-segments', { workspaceId }, 3, 95, `funnel-segments:${workspaceId}`],
  ['notifications-tick', {}, 3, 120, 'notifications-tick'],
  ['process-shopify-webhook', { workspaceId, eventRowId: 12 }, 6, 20, null],
  ['register-shopify-webhooks', { workspaceId }, 3, 40, `register-shopify-webhooks:${workspaceId}`],
  ['fetch-exchange-rates', {}, 4, 140, 'fetch-exchange-rates'],
  ['import-spend-sheets', { workspaceId }, 3, 110, `import-spend-sheets:${workspaceId}`],
];

const contracts: readonly JobContract<object>[] = Object.values(catalogue);

/** What `enqueue` stores for this payload: attempts, priority, concurrency key. */
function storedOf(contract: JobContract<object>, payload: object) {
  const parsed = parseJobPayload(contract, payload);
  return {
    attempts: contract.maxAttempts,
    priority: contract.priority(parsed),
    key: contract.concurrencyKey(parsed),
  };
}

describe('job catalogue', () => {
  it('keeps every stored type with its payload, retry budget, priority and concurrency key', () => {
    expect(contracts.map((contract) => contract.type).sort()).toEqual(STORED.map(([type]) => type).sort());
    for (const [type, payload, attempts, priority, key] of STORED) {
      const contract = contracts.find((candidate) => candidate.type === type);
      if (!contract) throw new Error(`no contract for ${type}`);
      expect({ type, ...storedOf(contract, payload) }).toEqual({ type, attempts, priority, key });
    }
  });

  it('has exactly one handler in this build for each contract, and no handler without one', () => {
    const handled = backgroundWork.handlers.map((handler) => handler.type).sort();
    expect(handled).toEqual(contracts.map((contract) => contract.type).sort());
  });

  it('ticks what the scheduler ticked before the features declared it, each named once for the log', () => {
    expect(backgroundWork.schedules.map((schedule) => schedule.name).sort()).toEqual([
      'due syncs',
      'exchange rates',
      'notifications tick',
      'pending raw events',
      'spend sheets',
      'tracking upkeep',
    ]);
  });
});
