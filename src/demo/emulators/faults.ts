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
}

export const DEFAULT_FAULTS: FaultSettings = { latencyMs: 0, errorRate: 0, throttlePressure: 0, hangRate: 0 };

export class FaultController {
  private settings: FaultSettings = { ...DEFAULT_FAULTS };
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
    };
  }

  reset(): void {
    this.settings = { ...DEFAULT_FAULTS };
  }

  /** Draws whether this request fails with a 5xx. */
  shouldFail(): boolean {
    return this.settings.errorRate > 0 && this.rng.next() < this.settings.errorRate;
  }

  shouldHang(): boolean {
    return this.settings.hangRate > 0 && this.rng.next() < this.settings.hangRate;
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
 * Installs latency, hangs and 5xx errors as an onRequest hook. `sendError` writes the vendor's
 * own 5xx body. Paths for which `exempt` returns true (e.g. bulk result downloads) are untouched.
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
    if (faults.shouldFail()) return sendError(reply);
    return undefined;
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
