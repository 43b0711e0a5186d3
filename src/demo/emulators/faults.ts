/**
 * Fault knobs shared by the three emulators, changeable at run time by tests
 * (`emulator.faults.set({ errorRate: 0.5 })`). Randomness comes from a seeded stream so a test
 * that sets a rate sees the same sequence of failures on every run.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Rng } from '../prng.ts';

export interface FaultSettings {
  /** Added to every response, in milliseconds. */
  latencyMs: number;
  /** Probability (0–1) that a request gets the vendor's 5xx error instead of an answer. */
  errorRate: number;
  /**
   * Throttling pressure 0–1: the vendor's rate limiter behaves as if this share of its budget
   * were already used (Shopify bucket drained, Meta usage headers high, GA4 quota consumed).
   * 1 makes every rate-limited call fail with the vendor's throttling error.
   */
  throttlePressure: number;
  /** Probability (0–1) that a request never gets an answer (until the client gives up or the app closes). */
  hangRate: number;
  /** Probability (0–1) that the connection is reset (socket destroyed) before any answer. */
  resetRate: number;
  /** Probability (0–1) that a JSON answer arrives cut in half (status 200, unparsable body). */
  malformedRate: number;
}

export const DEFAULT_FAULTS: FaultSettings = {
  latencyMs: 0,
  errorRate: 0,
  throttlePressure: 0,
  hangRate: 0,
  resetRate: 0,
  malformedRate: 0,
};

/**
 * A vendor answer forced on every request while set (e.g. an expired-token error): what the
 * emulator would send if the account's state had changed at the vendor. See vendor-errors.ts.
 */
export interface ForcedResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export class FaultController {
  private settings: FaultSettings = { ...DEFAULT_FAULTS };
  private forcedResponse: ForcedResponse | null = null;
  private rng: Rng;
  private readonly hung = new Set<() => void>();

  constructor(initial: Partial<FaultSettings> = {}, seed = 1) {
    this.rng = new Rng(seed);
    this.set(initial);
  }

  get(): Readonly<FaultSettings> {
    return this.settings;
  }

  /** Changes some knobs; values are clamped to their ranges. */
  set(partial: Partial<FaultSettings>): void {
    const next = { ...this.settings, ...partial };
    const unit = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);
    this.settings = {
      latencyMs: Number.isFinite(next.latencyMs) ? Math.max(0, next.latencyMs) : 0,
      errorRate: unit(next.errorRate),
      throttlePressure: unit(next.throttlePressure),
      hangRate: unit(next.hangRate),
      resetRate: unit(next.resetRate),
      malformedRate: unit(next.malformedRate),
    };
  }

  /** Answers every request with `response` until `reset()` or `force(null)`. */
  force(response: ForcedResponse | null): void {
    this.forcedResponse = response;
  }

  forced(): ForcedResponse | null {
    return this.forcedResponse;
  }

  reset(): void {
    this.settings = { ...DEFAULT_FAULTS };
    this.forcedResponse = null;
  }

  /** Draws whether this request fails with a 5xx. */
  shouldFail(): boolean {
    return this.settings.errorRate > 0 && this.rng.next() < this.settings.errorRate;
  }

  shouldHang(): boolean {
    return this.settings.hangRate > 0 && this.rng.next() < this.settings.hangRate;
  }

  shouldReset(): boolean {
    return this.settings.resetRate > 0 && this.rng.next() < this.settings.resetRate;
  }

  shouldMalform(): boolean {
    return this.settings.malformedRate > 0 && this.rng.next() < this.settings.malformedRate;
  }

  /** Waits forever, or until `releaseHung` (called when the app closes). */
  hang(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.hung.add(resolve);
    });
  }

  releaseHung(): void {
    for (const resolve of this.hung) resolve();
    this.hung.clear();
  }
}

/**
 * Installs latency, hangs, connection resets, forced vendor answers and 5xx errors as an onRequest
 * hook, and cut-off JSON bodies as an onSend hook. `sendError` writes the vendor's own 5xx body.
 * Paths for which `exempt` returns true (e.g. bulk result downloads) are untouched.
 */
export function installFaults(
  app: FastifyInstance,
  faults: FaultController,
  sendError: (reply: FastifyReply) => FastifyReply,
  exempt: (request: FastifyRequest) => boolean = () => false,
): void {
  let closing = false;
  app.addHook('onRequest', async (request, reply) => {
    if (exempt(request)) return;
    const { latencyMs } = faults.get();
    if (faults.shouldHang()) {
      await faults.hang();
      if (closing || request.raw.destroyed) {
        reply.hijack();
        request.raw.socket?.destroy();
        return reply;
      }
    }
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    if (faults.shouldReset()) {
      reply.hijack();
      request.raw.socket?.resetAndDestroy();
      return reply;
    }
    const forced = faults.forced();
    if (forced) {
      return reply
        .code(forced.status)
        .headers({ 'content-type': 'application/json; charset=utf-8', ...forced.headers })
        .send(JSON.stringify(forced.body));
    }
    if (faults.shouldFail()) return sendError(reply);
    return undefined;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (exempt(request) || typeof payload !== 'string') return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json') || !faults.shouldMalform())
      return payload;
    return payload.slice(0, Math.floor(payload.length / 2));
  });
  app.addHook('onClose', async () => {
    closing = true;
    faults.releaseHung();
  });
  app.addHook('preClose', async () => {
    closing = true;
    faults.releaseHung();
  });
}
