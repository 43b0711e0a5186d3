/**
 * Writes a generated store as files: JSON Lines per entity plus `ground-truth.json`. Orders are
 * materialised and written one at a time (with back-pressure), so exporting the large preset
 * never holds the orders in memory. Timestamps are ISO 8601 with the shop's UTC offset.
 */

import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { DAY_MS } from '../shared/calendar.ts';
import { adPlatformExportLines, adPlatformRates, adPlatformTruth } from './ad-platforms/ad-platform-truth.ts';
import { demoAdPlatformPlan } from './ad-platforms/plan-ad-platforms.ts';
import { dayToIso, formatZoned } from './calendar.ts';
import { checkoutTruth } from './checkout-truth.ts';
import type { DemoOrder, DemoStore, DemoVisit } from './model.ts';
import { PROFIT_FILES, profitRecords } from './profit/export-profit.ts';

export const STORE_FILES = [
  'shop.json',
  'products.jsonl',
  'customers.jsonl',
  'orders.jsonl',
  'inventory.jsonl',
  'ga4.jsonl',
  'meta-campaigns.jsonl',
  'meta-daily.jsonl',
  'google_ads_daily.jsonl',
  'tiktok_ads_daily.jsonl',
  'exchange-rates.jsonl',
  'ground-truth.json',
  ...PROFIT_FILES,
] as const;

export type StoreFile = (typeof STORE_FILES)[number];

function visitRecord(tz: string, v: DemoVisit) {
  return { ...v, occurredAtMs: undefined, occurredAt: formatZoned(tz, v.occurredAtMs) };
}

/** The order as written to orders.jsonl: instants as ISO with the shop offset. */
export function orderRecord(order: DemoOrder, tz: string): Record<string, unknown> {
  return {
    ...order,
    createdAtMs: undefined,
    processedAtMs: undefined,
    updatedAtMs: undefined,
    cancelledAtMs: undefined,
    createdAt: formatZoned(tz, order.createdAtMs),
    processedAt: formatZoned(tz, order.processedAtMs),
    updatedAt: formatZoned(tz, order.updatedAtMs),
    cancelledAt: order.cancelledAtMs === null ? null : formatZoned(tz, order.cancelledAtMs),
    refunds: order.refunds.map((r) => ({
      ...r,
      createdAtMs: undefined,
      createdAt: formatZoned(tz, r.createdAtMs),
    })),
    journey: order.journey
      ? {
          ...order.journey,
          firstVisit: visitRecord(tz, order.journey.firstVisit),
          lastVisit: visitRecord(tz, order.journey.lastVisit),
        }
      : null,
  };
}

/** Every line of every file, in a fixed order: (file, line without newline). */
export function* storeRecords(store: DemoStore): Generator<[StoreFile, string]> {
  const tz = store.shop.ianaTimezone;
  yield [
    'shop.json',
    JSON.stringify({
      ...store.shop,
      createdAt: formatZoned(tz, store.shop.createdAtMs),
      config: store.config,
      locations: store.locations,
    }),
  ];
  for (const product of store.products) {
    yield [
      'products.jsonl',
      JSON.stringify({
        ...product,
        createdAt: formatZoned(tz, product.createdAtMs),
        variants: product.variantIndexes.map((v) => store.variants[v]),
      }),
    ];
  }
  for (const c of store.customers) {
    yield [
      'customers.jsonl',
      JSON.stringify({
        ...c,
        createdAt: formatZoned(tz, c.createdAtMs),
        updatedAt: formatZoned(tz, c.updatedAtMs),
      }),
    ];
  }
  for (let i = 0; i < store.orders.count; i += 1)
    yield ['orders.jsonl', JSON.stringify(orderRecord(store.getOrder(i), tz))];
  const startDay = Date.parse(`${store.inventory.startDate}T00:00:00Z`) / DAY_MS;
  for (let v = 0; v < store.inventory.levels.length; v += 1) {
    const variant = store.variants[v]!;
    yield [
      'inventory.jsonl',
      JSON.stringify({
        variantIndex: v,
        variantId: variant.id,
        sku: variant.sku,
        startDate: dayToIso(startDay),
        available: Array.from(store.inventory.levels[v]!),
        restocks: store.inventory.restocks
          .filter((r) => r.variantIndex === v)
          .map((r) => ({ day: r.day, quantity: r.quantity })),
      }),
    ];
  }
  const g = store.ga4;
  for (let c = 0; c < g.count; c += 1) {
    const sm = g.sourceMedia[g.sourceMedium[c]!]!;
    const page = g.pages[g.page[c]!]!;
    yield [
      'ga4.jsonl',
      JSON.stringify({
        date: dayToIso(g.day[c]!),
        sessionSource: sm.source,
        sessionMedium: sm.medium,
        sessionDefaultChannelGroup: sm.channelGroup,
        sessionCampaignName: g.campaigns[g.campaign[c]!],
        pagePath: page.path,
        pageTitle: page.title,
        deviceCategory: g.devices[g.device[c]!],
        country: g.countries[g.country[c]!],
        sessions: g.sessions[c],
        engagedSessions: g.engagedSessions[c],
        activeUsers: g.activeUsers[c],
        newUsers: g.newUsers[c],
        screenPageViews: g.screenPageViews[c],
        eventCount: g.eventCount[c],
        userEngagementDuration: g.userEngagementDuration[c],
        keyEvents: g.keyEvents[c],
        purchaseRevenueMinor: g.purchaseRevenueMinor[c],
      }),
    ];
  }
  for (const campaign of store.meta.campaigns)
    yield [
      'meta-campaigns.jsonl',
      JSON.stringify({ ...campaign, createdAt: formatZoned(tz, campaign.createdAtMs) }),
    ];
  for (const row of store.meta.daily) yield ['meta-daily.jsonl', JSON.stringify(row)];
  // The Google Ads and TikTok accounts demo mode serves beside the store (issue #39).
  const adPlan = demoAdPlatformPlan(store.config);
  for (const [file, lines] of Object.entries(adPlatformExportLines(adPlan)) as [StoreFile, string[]][])
    for (const line of lines) yield [file, line];
  // The ECB rates their spend converts at into the shop currency (each day's, as demo mode serves them).
  for (const rate of adPlatformRates(adPlan, store.shop.currencyCode))
    yield ['exchange-rates.jsonl', JSON.stringify(rate)];
  const truth = {
    ...store.groundTruth,
    adPlatforms: adPlatformTruth(adPlan, store.shop.currencyCode),
    // The checkouts the custom pixel reports (issue 40), drawn from their own streams.
    checkout: checkoutTruth(store),
  };
  yield ['ground-truth.json', JSON.stringify(truth, null, 2)];
  yield* profitRecords(store);
}

/** SHA-256 over all records (what `writeStore` would write), for determinism checks. */
export function hashStore(store: DemoStore): string {
  const hash = createHash('sha256');
  let buffer = '';
  for (const [file, line] of storeRecords(store)) {
    buffer += `${file}\t${line}\n`;
    if (buffer.length > 1_000_000) {
      hash.update(buffer);
      buffer = '';
    }
  }
  hash.update(buffer);
  return hash.digest('hex');
}

/** Writes the store under `dir` (created if missing); returns line counts per file. */
export async function writeStore(store: DemoStore, dir: string): Promise<Record<string, number>> {
  mkdirSync(dir, { recursive: true });
  const streams = new Map<StoreFile, WriteStream>();
  const counts: Record<string, number> = {};
  const buffers = new Map<StoreFile, string[]>();
  const flush = async (file: StoreFile) => {
    const lines = buffers.get(file);
    if (!lines || lines.length === 0) return;
    let stream = streams.get(file);
    if (!stream) {
      stream = createWriteStream(join(dir, file));
      streams.set(file, stream);
    }
    const ok = stream.write(`${lines.join('\n')}\n`);
    buffers.set(file, []);
    if (!ok) await once(stream, 'drain');
  };
  for (const [file, line] of storeRecords(store)) {
    let lines = buffers.get(file);
    if (!lines) {
      lines = [];
      buffers.set(file, lines);
    }
    lines.push(line);
    counts[file] = (counts[file] ?? 0) + 1;
    if (lines.length >= 2_000) await flush(file);
  }
  for (const file of buffers.keys()) await flush(file);
  await Promise.all(
    [...streams.values()].map(
      (stream) =>
        new Promise<void>((resolve, reject) => {
          stream.on('error', reject);
          stream.end(resolve);
        }),
    ),
  );
  return counts;
}
