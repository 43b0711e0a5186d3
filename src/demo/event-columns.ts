/**
 * Pass 1 of the generator keeps only compact columns per order event (no order objects), so the
 * large preset stays small in memory; `getOrder(i)` re-materialises an order from its event.
 */

/** What an order is re-made from: who, when and its own random seed. */
export interface OrderEvent {
  kind: 0 | 1 | 2 | 3; // customer | guest | test | TikTok-driven guest (decision 131)
  customerIndex: number;
  createdAtMs: number;
  dayIndex: number;
  seed: number;
  ordinal: number;
}

/** Growable typed-array columns for pass 1. */
export class EventColumns {
  size = 0;
  createdAt = new Float64Array(1024);
  updatedAt = new Float64Array(1024);
  customer = new Int32Array(1024);
  seed = new Uint32Array(1024);
  ordinal = new Uint16Array(1024);
  kind = new Uint8Array(1024);
  dayIndex = new Uint16Array(1024);

  push(ev: OrderEvent, updatedAtMs: number): void {
    if (this.size === this.createdAt.length) this.grow();
    const i = this.size;
    this.createdAt[i] = ev.createdAtMs;
    this.updatedAt[i] = updatedAtMs;
    this.customer[i] = ev.customerIndex;
    this.seed[i] = ev.seed;
    this.ordinal[i] = Math.min(ev.ordinal, 65_535);
    this.kind[i] = ev.kind;
    this.dayIndex[i] = ev.dayIndex;
    this.size += 1;
  }

  private grow(): void {
    const n = this.createdAt.length * 2;
    const copy = <T extends Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array>(
      a: T,
      make: (n: number) => T,
    ): T => {
      const next = make(n);
      next.set(a);
      return next;
    };
    this.createdAt = copy(this.createdAt, (k) => new Float64Array(k));
    this.updatedAt = copy(this.updatedAt, (k) => new Float64Array(k));
    this.customer = copy(this.customer, (k) => new Int32Array(k));
    this.seed = copy(this.seed, (k) => new Uint32Array(k));
    this.ordinal = copy(this.ordinal, (k) => new Uint16Array(k));
    this.kind = copy(this.kind, (k) => new Uint8Array(k));
    this.dayIndex = copy(this.dayIndex, (k) => new Uint16Array(k));
  }
}
