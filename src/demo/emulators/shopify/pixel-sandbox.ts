import { createHash, webcrypto } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import vm from 'node:vm';
import type { CheckoutJourney, PixelPage } from '../../storefront-checkout.ts';

/** One `browser.sendBeacon(url, body)` the pixel made. */
export interface PixelBeacon {
  url: string;
  body: string;
}

interface Timer {
  id: number;
  atMs: number;
  run: () => unknown;
}

/**
 * Shopify's lax custom-pixel sandbox, emulated in a Node `vm` context (issue 40, decision 113): the
 * merchant's pasted code runs as a script whose only free names are the standard API's globals
 * (contract external-apis-2 §3.2) — `analytics.subscribe`, `browser.cookie` / `sessionStorage` /
 * `sendBeacon`, `init` (the page's snapshot: shop, cart, `customerPrivacy`), `customerPrivacy`
 * — plus a worker's `setTimeout`, `crypto` and `TextEncoder`; no `document`, no `window`, no
 * `fetch`. Each page load starts the code afresh (a new pixel, as on Shopify's Thank-you page).
 * Time is virtual: the page's events are dispatched in time order, a timer fires when the next
 * event is later than it (or when the page's events are over), so a planted journey runs in
 * microseconds but the pixel's batching sees the real gaps. What the pixel would have sent leaves
 * as the beacons' bodies, untouched.
 */
export function createPixelSandbox(code: string): { run(journey: CheckoutJourney): Promise<PixelBeacon[]> } {
  const script = new vm.Script(code, { filename: 'shopify-custom-pixel.js' });
  // One realm for every page: the pixel keeps its state in the closure of each run, never in globals.
  const context = vm.createContext({ crypto: sandboxCrypto, TextEncoder });
  return {
    async run(journey) {
      const beacons: PixelBeacon[] = [];
      for (const page of journey.pages) await runPage(script, context, page, beacons);
      return beacons;
    },
  };
}

/** node:crypto's names of the Web Crypto digests. */
const DIGESTS: Record<string, string> = {
  'SHA-1': 'sha1',
  'SHA-256': 'sha256',
  'SHA-384': 'sha384',
  'SHA-512': 'sha512',
};

/**
 * The sandbox's `crypto`: Node's Web Crypto, except that `subtle.digest` hashes with node:crypto in
 * the same turn and answers a settled promise (the same bytes). Node's own digest is a thread-pool
 * job per call with its promise machinery: the demo pixel hashes a shopper's e-mail on each
 * checkout event, ~35,000 calls a demo connect (decision 252). Every other method is Node's.
 */
const sandboxCrypto = {
  getRandomValues: webcrypto.getRandomValues.bind(webcrypto),
  randomUUID: () => webcrypto.randomUUID(),
  subtle: new Proxy(webcrypto.subtle, {
    get(subtle, name) {
      if (name === 'digest') return digest;
      const value: unknown = Reflect.get(subtle, name, subtle);
      return typeof value === 'function' ? value.bind(subtle) : value;
    },
  }),
};

type DigestArgs = Parameters<typeof webcrypto.subtle.digest>;

function digest(algorithm: DigestArgs[0], data: DigestArgs[1]): Promise<ArrayBuffer> {
  const name = typeof algorithm === 'string' ? algorithm : algorithm.name;
  const hash = DIGESTS[name.toUpperCase()];
  if (!hash) return webcrypto.subtle.digest(algorithm, data);
  const bytes = ArrayBuffer.isView(data)
    ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
    : new Uint8Array(data);
  const out = createHash(hash).update(bytes).digest();
  return Promise.resolve(out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength));
}

async function runPage(
  script: vm.Script,
  context: vm.Context,
  page: PixelPage,
  beacons: PixelBeacon[],
): Promise<void> {
  const first = page.events[0];
  let nowMs = first ? Date.parse(first.timestamp) : 0;
  const timers: Timer[] = [];
  let nextId = 1;
  const subscribers = new Map<string, ((event: unknown) => unknown)[]>();
  Object.assign(context, {
    analytics: {
      subscribe(name: string, callback: (event: unknown) => unknown) {
        subscribers.set(name, [...(subscribers.get(name) ?? []), callback]);
        return () =>
          subscribers.set(
            name,
            (subscribers.get(name) ?? []).filter((c) => c !== callback),
          );
      },
    },
    browser: {
      cookie: { get: async (name: string) => page.cookies[name] ?? '' },
      sessionStorage: { getItem: async (key: string) => page.sessionStorage[key] ?? null },
      sendBeacon: async (url: string, body: string) => {
        beacons.push({ url, body: String(body) });
        return true;
      },
    },
    init: structuredClone(page.init),
    customerPrivacy: { subscribe: () => () => undefined },
    setTimeout: (run: () => unknown, ms = 0) => {
      const timer = { id: nextId++, atMs: nowMs + Math.max(0, ms), run };
      timers.push(timer);
      return timer.id;
    },
    clearTimeout: (id: number) => {
      const at = timers.findIndex((t) => t.id === id);
      if (at >= 0) timers.splice(at, 1);
    },
  });
  script.runInContext(context);
  /** Fires the timers due by `untilMs`, earliest first (a timer may set another). */
  const fireTimers = async (untilMs: number) => {
    for (;;) {
      timers.sort((a, b) => a.atMs - b.atMs || a.id - b.id);
      const due = timers[0];
      if (!due || due.atMs > untilMs) return;
      timers.shift();
      nowMs = due.atMs;
      await due.run();
      await nextTurn();
    }
  };
  for (const event of page.events) {
    const atMs = Date.parse(event.timestamp);
    await fireTimers(atMs);
    nowMs = atMs;
    for (const callback of [...(subscribers.get(event.name) ?? []), ...(subscribers.get('all_events') ?? [])])
      await callback(structuredClone(event));
    await nextTurn();
  }
  await fireTimers(Number.POSITIVE_INFINITY);
}
