/**
 * Shared, precomputed access to the demo store for the Shopify emulator's resolvers: materialised
 * orders (cached), each customer's orders, and the order and customer searches (Shopify's search
 * syntax, sort keys) as candidate lists. Orders come from the order book (generated + live).
 */
import { DAY_MS } from '../../../shared/calendar.ts';
import { localToUtcMs, parseIsoDay } from '../../calendar.ts';
import type { DemoCustomer, DemoOrder, DemoStore } from '../../model.ts';
import { OrderBook } from './order-book.ts';
import {
  compareWith,
  parseSearchDate,
  parseSearchQuery,
  type SearchQuery,
  type SearchTerm,
} from './search.ts';

export type Candidates = { kind: 'range'; start: number; end: number } | { kind: 'list'; items: Int32Array };

export const CUSTOMER_BASE = 7_400_000_000_000;
export const PRODUCT_BASE = 8_100_000_000_000;
export const VARIANT_BASE = 44_000_000_000_000;
export const INVENTORY_ITEM_BASE = 46_000_000_000_000;

export function indexFromLegacy(legacy: number, base: number, step: number, count: number): number | null {
  const offset = legacy - base;
  if (offset < 0 || offset % step !== 0) return null;
  const index = offset / step;
  return index < count ? index : null;
}

export function listCandidates(c: Candidates): { size: number; at: (p: number) => number } {
  return c.kind === 'range'
    ? { size: c.end - c.start, at: (p) => c.start + p }
    : { size: c.items.length, at: (p) => c.items[p]! };
}

/** Shared, precomputed access to the store for the resolvers. */
export class ShopifyData {
  private customerOrders: Int32Array[] | null = null;
  private readonly cache = new Map<string, Candidates>();
  private readonly orderCache = new Map<number, DemoOrder>();
  private readonly termDates = new WeakMap<SearchTerm, { instant: number; wholeDay: boolean }>();
  /** Variant and product views are immutable and few: built once (every line item of a bulk export names one). */
  readonly variantViews: Record<string, unknown>[] = [];
  readonly productViews: Record<string, unknown>[] = [];

  /** Generated and live orders, in creation order. */
  readonly orders: OrderBook;

  /** `now`: the emulator's clock (costs as they stood on it). */
  constructor(
    readonly store: DemoStore,
    readonly now: () => number = Date.now,
  ) {
    this.orders = new OrderBook(store);
  }

  get endInstantMs(): number {
    return localToUtcMs(this.store.shop.ianaTimezone, parseIsoDay(this.store.config.endDate) + 1, 0) - 1000;
  }

  order(index: number): DemoOrder {
    // Live orders are held as objects already (and change when fulfilled): never cached.
    if (!this.orders.isGenerated(index)) return this.orders.get(index);
    let order = this.orderCache.get(index);
    if (!order) {
      order = this.store.getOrder(index);
      if (this.orderCache.size > 5_000) this.orderCache.clear();
      this.orderCache.set(index, order);
    }
    return order;
  }

  ordersOfCustomer(customerIndex: number): Int32Array {
    if (!this.customerOrders) {
      const counts = new Int32Array(this.store.customers.length);
      const idx = this.store.orders.customerIndex;
      for (let i = 0; i < idx.length; i += 1) if (idx[i]! >= 0) counts[idx[i]!]! += 1;
      const lists = Array.from(counts, (n) => new Int32Array(n));
      const fill = new Int32Array(this.store.customers.length);
      for (let i = 0; i < idx.length; i += 1) {
        const c = idx[i]!;
        if (c >= 0) lists[c]![fill[c]!++] = i;
      }
      this.customerOrders = lists;
    }
    const generated = this.customerOrders[customerIndex] ?? new Int32Array(0);
    const live = this.orders.livePositionsOf(customerIndex);
    return live.length === 0 ? generated : Int32Array.from([...generated, ...live]);
  }

  toShopInstant = (day: string, secondOfDay: number): number =>
    localToUtcMs(this.store.shop.ianaTimezone, parseIsoDay(day), secondOfDay);

  private memo(name: string, build: () => Candidates): Candidates {
    // Keyed by the order book's version: a live order placed or changed invalidates every list.
    const key = `${this.orders.version}|${name}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const value = build();
    if (this.cache.size > 50) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, value);
    return value;
  }

  /** Order positions matching `query`, sorted by `sortKey` (then created order), reversed if asked. */
  orderCandidates(
    query: string | null | undefined,
    sortKey: string,
    reverse: boolean,
    within?: Int32Array,
  ): Candidates {
    const build = (): Candidates => {
      const parsed = parseSearchQuery(query);
      const n = this.orders.count;
      let base: Candidates = within ? { kind: 'list', items: within } : { kind: 'range', start: 0, end: n };
      if (!within && parsed.length === 1) base = this.narrowByCreatedAt(parsed[0]!, n);
      const matches = parsed.length === 0 ? null : (i: number) => this.orderMatches(i, parsed);
      const list = listCandidates(base);
      let items: number[] | null = null;
      if (matches) {
        items = [];
        for (let p = 0; p < list.size; p += 1) {
          const i = list.at(p);
          if (matches(i)) items.push(i);
        }
      }
      const natural = ['CREATED_AT', 'PROCESSED_AT', 'ID', 'ORDER_NUMBER', 'RELEVANCE', 'PO_NUMBER'].includes(
        sortKey,
      );
      if (natural && !reverse) return items ? { kind: 'list', items: Int32Array.from(items) } : base;
      const all = items ?? Array.from({ length: list.size }, (_, p) => list.at(p));
      if (!natural) {
        const key = this.orderSortValue(sortKey);
        all.sort((x, y) => {
          const a = key(x);
          const b = key(y);
          return a < b ? -1 : a > b ? 1 : x - y;
        });
      }
      if (reverse) all.reverse();
      return { kind: 'list', items: Int32Array.from(all) };
    };
    return within ? build() : this.memo(`orders|${query ?? ''}|${sortKey}|${reverse}`, build);
  }

  /**
   * `c` without the orders created before `fromMs` (null: unchanged): what an app without
   * read_all_orders sees. Positions are in creation order, so a range only moves its start.
   */
  createdSince(c: Candidates, fromMs: number | null | undefined): Candidates {
    if (fromMs == null) return c;
    if (c.kind === 'range') {
      let a = c.start;
      let b = c.end;
      while (a < b) {
        const mid = (a + b) >> 1;
        if (this.orders.createdAtMs(mid) < fromMs) a = mid + 1;
        else b = mid;
      }
      return { kind: 'range', start: a, end: c.end };
    }
    return { kind: 'list', items: c.items.filter((i) => this.orders.createdAtMs(i) >= fromMs) };
  }

  private narrowByCreatedAt(group: SearchTerm[], n: number): Candidates {
    let lo = 0;
    let hi = n;
    const lowerBound = (t: number, strict: boolean) => {
      let a = 0;
      let b = n;
      while (a < b) {
        const mid = (a + b) >> 1;
        const v = this.orders.createdAtMs(mid);
        if (strict ? v <= t : v < t) a = mid + 1;
        else b = mid;
      }
      return a;
    };
    for (const term of group) {
      if (term.field !== 'created_at' || term.negated) continue;
      const t = parseSearchDate(term.value, this.toShopInstant);
      if (Number.isNaN(t)) continue;
      if (term.comparator === ':>=') lo = Math.max(lo, lowerBound(t, false));
      if (term.comparator === ':>') lo = Math.max(lo, lowerBound(t, true));
      if (term.comparator === ':<') hi = Math.min(hi, lowerBound(t, false));
      if (term.comparator === ':<=') hi = Math.min(hi, lowerBound(t, true));
    }
    return { kind: 'range', start: lo, end: Math.max(lo, hi) };
  }

  private orderSortValue(sortKey: string): (i: number) => number | string {
    switch (sortKey) {
      case 'UPDATED_AT':
        return (i) => this.orders.updatedAtMs(i);
      case 'TOTAL_PRICE':
        return (i) => this.order(i).totalMinor;
      case 'CURRENT_TOTAL_PRICE':
        return (i) => this.order(i).totalMinor - this.order(i).refundedMinor;
      case 'TOTAL_ITEMS_QUANTITY':
        return (i) => this.order(i).lineItems.reduce((s, l) => s + l.quantity, 0);
      case 'FINANCIAL_STATUS':
        return (i) => this.order(i).financialStatus;
      case 'FULFILLMENT_STATUS':
        return (i) => this.order(i).fulfillmentStatus;
      case 'CUSTOMER_NAME':
        return (i) => {
          const o = this.order(i);
          return o.shippingAddress ? `${o.shippingAddress.firstName} ${o.shippingAddress.lastName}` : '';
        };
      case 'DESTINATION':
        return (i) => this.order(i).shippingAddress?.countryCode ?? '';
      default:
        return (i) => i;
    }
  }

  private orderMatches(i: number, query: SearchQuery): boolean {
    return query.some((group) =>
      group.every((term) => {
        const hit = this.orderTerm(i, term);
        return term.negated ? !hit : hit;
      }),
    );
  }

  /**
   * A date term's instant in the shop's zone, and whether it names a whole day: read once per term
   * of a parsed query, not once for each order the term is tested on (a search scans every order;
   * decision 246).
   */
  private termDate(term: SearchTerm): { instant: number; wholeDay: boolean } {
    let date = this.termDates.get(term);
    if (!date) {
      date = {
        instant: parseSearchDate(term.value, this.toShopInstant),
        wholeDay: /^\d{4}-\d{2}-\d{2}$/.test(term.value),
      };
      this.termDates.set(term, date);
    }
    return date;
  }

  private orderTerm(i: number, term: SearchTerm): boolean {
    const book = this.orders;
    const value = term.value;
    switch (term.field) {
      case 'created_at':
      case 'processed_at':
      case 'updated_at': {
        const { instant: t, wholeDay } = this.termDate(term);
        if (Number.isNaN(t)) return false;
        const actual = term.field === 'updated_at' ? book.updatedAtMs(i) : book.createdAtMs(i);
        // Equality on a date means "on that shop day".
        if (term.comparator === ':' && wholeDay) return actual >= t && actual < t + DAY_MS;
        return compareWith(term.comparator, actual, t);
      }
      case 'name': {
        const number = Number(value.replace(/^#/, ''));
        return Number.isInteger(number) && book.number(i) === number;
      }
      case 'id': {
        const legacy = Number(value);
        return compareWith(term.comparator, book.legacyId(i), legacy);
      }
      case 'customer_id': {
        const c = book.customerIndex(i);
        return c >= 0 && String(CUSTOMER_BASE + c * 11) === value;
      }
      case 'financial_status':
        return this.order(i).financialStatus.toLowerCase() === value.toLowerCase();
      case 'fulfillment_status': {
        const f = this.order(i).fulfillmentStatus.toLowerCase();
        const v = value.toLowerCase();
        return (
          f === v || (v === 'shipped' && f === 'fulfilled') || (v === 'unshipped' && f === 'unfulfilled')
        );
      }
      case 'status': {
        const o = this.order(i);
        const v = value.toLowerCase();
        if (v === 'cancelled') return o.cancelledAtMs !== null;
        if (v === 'closed') return o.fulfillmentStatus === 'FULFILLED' && o.cancelledAtMs === null;
        if (v === 'open') return o.fulfillmentStatus !== 'FULFILLED' && o.cancelledAtMs === null;
        return v === 'any';
      }
      case 'test':
        return String(this.order(i).test) === value.toLowerCase();
      case 'email':
        return (this.order(i).email ?? '').toLowerCase() === value.toLowerCase();
      case 'discount_code':
        return (this.order(i).discountCode ?? '').toLowerCase() === value.toLowerCase();
      case null: {
        const o = this.order(i);
        const v = value.toLowerCase();
        return o.name.toLowerCase() === v || o.name === `#${v}` || (o.email ?? '').toLowerCase().includes(v);
      }
      default:
        // Unknown filters are ignored by Shopify's search (with a warning); the emulator matches all.
        return true;
    }
  }

  customerCandidates(query: string | null | undefined, sortKey: string, reverse: boolean): Candidates {
    return this.memo(`customers|${query ?? ''}|${sortKey}|${reverse}`, () => {
      const parsed = parseSearchQuery(query);
      const customers = this.store.customers;
      let items = customers.map((c) => c.index);
      if (parsed.length > 0) {
        items = items.filter((i) =>
          parsed.some((group) =>
            group.every((term) => {
              const hit = this.customerTerm(customers[i]!, term);
              return term.negated ? !hit : hit;
            }),
          ),
        );
      }
      if (sortKey === 'UPDATED_AT')
        items.sort((x, y) => customers[x]!.updatedAtMs - customers[y]!.updatedAtMs || x - y);
      if (sortKey === 'NAME') {
        items.sort((x, y) => {
          const a = `${customers[x]!.firstName} ${customers[x]!.lastName}`;
          const b = `${customers[y]!.firstName} ${customers[y]!.lastName}`;
          return a < b ? -1 : a > b ? 1 : x - y;
        });
      }
      if (reverse) items.reverse();
      return { kind: 'list', items: Int32Array.from(items) };
    });
  }

  private customerTerm(c: DemoCustomer, term: SearchTerm): boolean {
    const v = term.value.toLowerCase();
    switch (term.field) {
      case 'created_at':
      case 'updated_at': {
        const t = this.termDate(term).instant;
        if (Number.isNaN(t)) return false;
        return compareWith(term.comparator, term.field === 'created_at' ? c.createdAtMs : c.updatedAtMs, t);
      }
      case 'email':
        return c.email.toLowerCase() === v;
      case 'country':
        return c.countryCode.toLowerCase() === v;
      case 'orders_count':
      case 'number_of_orders':
        return compareWith(term.comparator, c.numberOfOrders, Number(term.value));
      case 'id':
        return compareWith(term.comparator, c.legacyId, Number(term.value));
      case null:
        return `${c.firstName} ${c.lastName} ${c.email}`.toLowerCase().includes(v);
      default:
        return true;
    }
  }
}

// ---------------------------------------------------------------------------------------------
