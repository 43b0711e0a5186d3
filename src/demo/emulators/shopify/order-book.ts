/**
 * The Shopify emulator's orders: the generated store's (positions 0…n−1, the compact index, each
 * materialised on demand) followed by the live orders placed while the emulator runs ("Simulate
 * live orders", issue #15). One order model, so the Admin GraphQL API (`orders`, `order(id:)`,
 * searches, counts, bulk exports) sees a live order exactly like a generated one and a later sync
 * finds any order whose webhook was lost. Positions stay in creation order: a live order is
 * created after every order before it.
 */
import type { DemoOrder, DemoStore } from '../../model.ts';

/** Generated orders' ids: 5.2e12 + 13·i (live orders use their own range, see live-orders.ts). */
export const ORDER_BASE = 5_200_000_000_000;
const ORDER_STEP = 13;
/** Generated orders are numbered #1001 upwards, in creation order. */
const FIRST_NUMBER = 1001;

export class OrderBook {
  private readonly live: DemoOrder[] = [];
  private readonly liveByLegacy = new Map<number, number>();
  /** Bumped on every change: caches of search results are keyed by it. */
  version = 0;

  constructor(private readonly store: DemoStore) {}

  private get generated(): number {
    return this.store.orders.count;
  }

  get count(): number {
    return this.generated + this.live.length;
  }

  /** True for positions the generator made (cheap to look up through the compact index). */
  isGenerated(position: number): boolean {
    return position < this.generated;
  }

  /** The order at `position`; generated ones are materialised (callers cache them). */
  get(position: number): DemoOrder {
    return position < this.generated ? this.store.getOrder(position) : this.live[position - this.generated]!;
  }

  createdAtMs(position: number): number {
    return position < this.generated
      ? this.store.orders.createdAtMs[position]!
      : this.live[position - this.generated]!.createdAtMs;
  }

  updatedAtMs(position: number): number {
    return position < this.generated
      ? this.store.orders.updatedAtMs[position]!
      : this.live[position - this.generated]!.updatedAtMs;
  }

  /** The customer's index, −1 for a guest order. */
  customerIndex(position: number): number {
    return position < this.generated
      ? this.store.orders.customerIndex[position]!
      : (this.live[position - this.generated]!.customerIndex ?? -1);
  }

  legacyId(position: number): number {
    return position < this.generated
      ? ORDER_BASE + position * ORDER_STEP
      : this.live[position - this.generated]!.legacyId;
  }

  number(position: number): number {
    return position < this.generated ? position + FIRST_NUMBER : this.live[position - this.generated]!.number;
  }

  /** The position of the order with this legacy id; null when there is none. */
  positionOf(legacyId: number): number | null {
    const offset = legacyId - ORDER_BASE;
    if (offset >= 0 && offset % ORDER_STEP === 0 && offset / ORDER_STEP < this.generated)
      return offset / ORDER_STEP;
    const live = this.liveByLegacy.get(legacyId);
    return live === undefined ? null : this.generated + live;
  }

  /** Positions of the live orders of customer `customerIndex`, in creation order. */
  livePositionsOf(customerIndex: number): number[] {
    const positions: number[] = [];
    this.live.forEach((order, k) => {
      if (order.customerIndex === customerIndex) positions.push(this.generated + k);
    });
    return positions;
  }

  /** The live orders, in placing order, as they stand now. */
  liveOrders(): readonly DemoOrder[] {
    return this.live;
  }

  /** The position the next live order gets. */
  get nextPosition(): number {
    return this.count;
  }

  /** The latest creation instant of any order (a new one is created after it). */
  lastCreatedAtMs(): number {
    return this.count === 0 ? 0 : this.createdAtMs(this.count - 1);
  }

  /** Adds a live order (its `index` must be `nextPosition`). */
  add(order: DemoOrder): void {
    if (order.index !== this.nextPosition)
      throw new Error(`live order index ${order.index} ≠ ${this.nextPosition}`);
    this.liveByLegacy.set(order.legacyId, this.live.length);
    this.live.push(order);
    this.version += 1;
  }

  /** Replaces a live order by a newer copy of itself (fulfilled, refunded). */
  update(order: DemoOrder): void {
    const k = this.liveByLegacy.get(order.legacyId);
    if (k === undefined) throw new Error(`no live order ${order.legacyId}`);
    this.live[k] = order;
    this.version += 1;
  }
}
