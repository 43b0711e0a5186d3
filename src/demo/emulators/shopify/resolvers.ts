/**
 * Resolvers of the Shopify emulator: the demo store seen through the Admin GraphQL subset.
 * graphql-js's default resolver calls functions found on the source object with (args, context),
 * so each view object carries its connection fields as functions; nothing is materialised unless
 * selected. Orders are materialised one by one from the store (`store.getOrder(i)`).
 */

import { GraphQLError } from 'graphql';
import { DAY_MS } from '../../../shared/calendar.ts';
import { formatUtc, localToUtcMs, parseIsoDay, zoneOffsetMinutes } from '../../calendar.ts';
import type {
  DemoCustomer,
  DemoLineItem,
  DemoOrder,
  DemoProduct,
  DemoStore,
  DemoVariant,
  DemoVisit,
} from '../../model.ts';
import { formatDecimal } from '../../money.ts';
import type { DemoOrderProfit } from '../../profit/model.ts';
import { orderProfit } from '../../profit/order-profit.ts';
import { bag, money } from './money-views.ts';
import {
  measurementView,
  refundShippingLineNodes,
  restockFields,
  transactionViews,
  unitCostView,
} from './profit-views.ts';
import {
  compareWith,
  parseSearchDate,
  parseSearchQuery,
  type SearchQuery,
  type SearchTerm,
} from './search.ts';
import type { WebhookSubscriptions } from './webhooks.ts';

export const MAX_PAGE_SIZE = 250;

/** Per-request context. `bulk` relaxes page sizes: bulk operations read whole connections. */
export interface ShopifyContext {
  data: ShopifyData;
  bulk: boolean;
  /** In bulk mode: the window of the root connection this execution covers. */
  bulkWindow?: { start: number; count: number };
  /** The app's webhook subscriptions (absent in bulk executions and the warm-up). */
  webhooks?: WebhookSubscriptions;
  /** Mutations are delegated to the app (bulk operations need its state). */
  mutations: {
    runBulkQuery(query: string, groupObjects: boolean): unknown;
    cancelBulk(id: string): unknown;
    currentBulk(type: string): unknown;
    bulkById(id: string): unknown;
  };
}

interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  reverse?: boolean | null;
  sortKey?: string | null;
  query?: string | null;
}

type Candidates = { kind: 'range'; start: number; end: number } | { kind: 'list'; items: Int32Array };

const ORDER_BASE = 5_200_000_000_000;
const CUSTOMER_BASE = 7_400_000_000_000;
const PRODUCT_BASE = 8_100_000_000_000;
const VARIANT_BASE = 44_000_000_000_000;
const INVENTORY_ITEM_BASE = 46_000_000_000_000;

function indexFromLegacy(legacy: number, base: number, step: number, count: number): number | null {
  const offset = legacy - base;
  if (offset < 0 || offset % step !== 0) return null;
  const index = offset / step;
  return index < count ? index : null;
}

function parseGid(id: string): { type: string; legacy: number } | null {
  const match = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)$/.exec(id);
  if (!match) return null;
  return { type: match[1]!, legacy: Number(match[2]) };
}

function encodeCursor(legacyId: number, position: number): string {
  return Buffer.from(JSON.stringify({ last_id: legacyId, last_value: String(position) })).toString('base64');
}

function decodeCursor(cursor: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as { last_value?: unknown };
    const position = Number(parsed.last_value);
    if (Number.isInteger(position) && position >= 0) return position;
  } catch {
    // fall through
  }
  throw new GraphQLError('Invalid cursor for current pagination sort.', {
    extensions: { code: 'BAD_REQUEST' },
  });
}

/** Generic forward/backward cursor pagination over positions 0..total−1. */
export function paginate<T>(
  total: number,
  args: ConnectionArgs,
  ctx: ShopifyContext,
  itemAt: (position: number) => T,
  legacyIdOf: (item: T) => number,
  options: { root?: boolean } = {},
) {
  let start = 0;
  let end = total;
  if (ctx.bulk) {
    if (options.root && ctx.bulkWindow) {
      start = Math.min(total, ctx.bulkWindow.start);
      end = Math.min(total, start + ctx.bulkWindow.count);
    }
  } else {
    const { first, last } = args;
    if (first == null && last == null) {
      throw new GraphQLError('you must provide one of first or last', {
        extensions: { code: 'BAD_REQUEST' },
      });
    }
    if (
      (first != null && (first < 0 || first > MAX_PAGE_SIZE)) ||
      (last != null && (last < 0 || last > MAX_PAGE_SIZE))
    ) {
      throw new GraphQLError(`The first and last arguments must be between 0 and ${MAX_PAGE_SIZE}`, {
        extensions: { code: 'BAD_REQUEST' },
      });
    }
    if (args.after) start = Math.min(total, decodeCursor(args.after) + 1);
    if (args.before) end = Math.max(start, Math.min(total, decodeCursor(args.before)));
    if (first != null) end = Math.min(end, start + first);
    else if (last != null) start = Math.max(start, end - last);
  }
  const items: T[] = [];
  for (let p = start; p < end; p += 1) items.push(itemAt(p));
  const edges = items.map((node, k) => new Edge(node, start + k, legacyIdOf));
  return { edges, nodes: items, pageInfo: new PageInfo(edges, start > 0, end < total) };
}

/** Cursors are encoded only when selected (bulk exports and most pages never read them all). */
class Edge<T> {
  constructor(
    readonly node: T,
    private readonly position: number,
    private readonly legacyIdOf: (item: T) => number,
  ) {}
  get cursor() {
    return encodeCursor(this.legacyIdOf(this.node), this.position);
  }
}

class PageInfo<T> {
  constructor(
    private readonly edges: Edge<T>[],
    readonly hasPreviousPage: boolean,
    readonly hasNextPage: boolean,
  ) {}
  get startCursor() {
    return this.edges[0]?.cursor ?? null;
  }
  get endCursor() {
    return this.edges.at(-1)?.cursor ?? null;
  }
}

function listCandidates(c: Candidates): { size: number; at: (p: number) => number } {
  return c.kind === 'range'
    ? { size: c.end - c.start, at: (p) => c.start + p }
    : { size: c.items.length, at: (p) => c.items[p]! };
}

/** Shared, precomputed access to the store for the resolvers. */
export class ShopifyData {
  private customerOrders: Int32Array[] | null = null;
  private readonly cache = new Map<string, Candidates>();
  private readonly orderCache = new Map<number, DemoOrder>();
  /** Variant and product views are immutable and few: built once (every line item of a bulk export names one). */
  readonly variantViews: Record<string, unknown>[] = [];
  readonly productViews: Record<string, unknown>[] = [];

  /** `now`: the emulator's clock (costs as they stood on it). */
  constructor(
    readonly store: DemoStore,
    readonly now: () => number = Date.now,
  ) {}

  get endInstantMs(): number {
    return localToUtcMs(this.store.shop.ianaTimezone, parseIsoDay(this.store.config.endDate) + 1, 0) - 1000;
  }

  order(index: number): DemoOrder {
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
    return this.customerOrders[customerIndex] ?? new Int32Array(0);
  }

  toShopInstant = (day: string, secondOfDay: number): number =>
    localToUtcMs(this.store.shop.ianaTimezone, parseIsoDay(day), secondOfDay);

  private memo(key: string, build: () => Candidates): Candidates {
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
      const { createdAtMs } = this.store.orders;
      const n = this.store.orders.count;
      let base: Candidates = within ? { kind: 'list', items: within } : { kind: 'range', start: 0, end: n };
      if (!within && parsed.length === 1) base = this.narrowByCreatedAt(parsed[0]!, n, createdAtMs);
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

  private narrowByCreatedAt(group: SearchTerm[], n: number, createdAtMs: Float64Array): Candidates {
    let lo = 0;
    let hi = n;
    const lowerBound = (t: number, strict: boolean) => {
      let a = 0;
      let b = n;
      while (a < b) {
        const mid = (a + b) >> 1;
        const v = createdAtMs[mid]!;
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
    const { updatedAtMs } = this.store.orders;
    switch (sortKey) {
      case 'UPDATED_AT':
        return (i) => updatedAtMs[i]!;
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

  private orderTerm(i: number, term: SearchTerm): boolean {
    const { createdAtMs, updatedAtMs, customerIndex } = this.store.orders;
    const value = term.value;
    switch (term.field) {
      case 'created_at':
      case 'processed_at':
      case 'updated_at': {
        const t = parseSearchDate(value, this.toShopInstant);
        if (Number.isNaN(t)) return false;
        const actual = term.field === 'updated_at' ? updatedAtMs[i]! : createdAtMs[i]!;
        // Equality on a date means "on that shop day".
        if (term.comparator === ':' && /^\d{4}-\d{2}-\d{2}$/.test(value))
          return actual >= t && actual < t + DAY_MS;
        return compareWith(term.comparator, actual, t);
      }
      case 'name': {
        const number = Number(value.replace(/^#/, ''));
        return Number.isInteger(number) && i === number - 1001;
      }
      case 'id': {
        const legacy = Number(value);
        return compareWith(term.comparator, ORDER_BASE + i * 13, legacy);
      }
      case 'customer_id': {
        const c = customerIndex[i]!;
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
        const t = parseSearchDate(term.value, this.toShopInstant);
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
// Views

const SOURCE_TYPES: Record<string, string> = {
  SEARCH: 'SEO',
  SOCIAL: 'SOCIAL',
  EMAIL: 'NEWSLETTER',
  DIRECT: 'DIRECT',
  REFERRAL: 'REFERRAL',
};

/** A journey visit (first or last): a class, as most bulk-exported orders carry two. */
class VisitView {
  readonly __typename = 'CustomerVisit';
  readonly sourceDescription = null;
  constructor(
    private readonly visit: DemoVisit,
    private readonly shopUrl: string,
    private readonly orderLegacy: number,
    private readonly which: number,
  ) {}
  get id() {
    return `gid://shopify/CustomerVisit/${this.orderLegacy * 2 + this.which}`;
  }
  private get hasUtm() {
    const utm = this.visit.utm;
    return utm.source !== null || utm.medium !== null || utm.campaign !== null;
  }
  get landingPage() {
    const utm = this.visit.utm;
    const query = this.hasUtm
      ? `?${[
          ['utm_source', utm.source],
          ['utm_medium', utm.medium],
          ['utm_campaign', utm.campaign],
          ['utm_content', utm.content],
          ['utm_term', utm.term],
        ]
          .filter(([, v]) => v !== null)
          .map(([k, v]) => `${k}=${encodeURIComponent(v as string)}`)
          .join('&')}`
      : '';
    return `${this.shopUrl}${this.visit.landingPage}${query}`;
  }
  get occurredAt() {
    return formatUtc(this.visit.occurredAtMs);
  }
  get referrerUrl() {
    return this.visit.referrerUrl;
  }
  get source() {
    return this.visit.source;
  }
  get sourceType() {
    const paid = this.visit.channel === 'meta_ads' || this.visit.channel === 'google_ads';
    return paid ? 'AD' : (SOURCE_TYPES[this.visit.sourceType] ?? 'DIRECT');
  }
  get utmParameters() {
    return this.hasUtm ? { ...this.visit.utm } : null;
  }
}

export function locationView(data: ShopifyData) {
  const location = data.store.locations[0]!;
  return {
    __typename: 'Location',
    id: location.id,
    legacyResourceId: String(location.legacyId),
    name: location.name,
    isActive: true,
  };
}

const QUANTITY_NAMES = new Set([
  'available',
  'on_hand',
  'committed',
  'incoming',
  'reserved',
  'damaged',
  'safety_stock',
  'quality_control',
]);

export function inventoryItemView(data: ShopifyData, variant: DemoVariant): Record<string, unknown> {
  const store = data.store;
  const end = formatUtc(data.endInstantMs);
  const levels = store.inventory.levels[variant.index]!;
  const available = levels[levels.length - 1] ?? 0;
  const committed = available > 0 ? Math.min(available, variant.index % 3) : 0;
  const levelView = {
    __typename: 'InventoryLevel',
    id: `gid://shopify/InventoryLevel/${variant.inventoryItemLegacyId}?inventory_item_id=${variant.inventoryItemLegacyId}`,
    location: locationView(data),
    item: () => inventoryItemView(data, variant),
    quantities: ({ names }: { names: string[] }) =>
      names.map((name) => {
        if (!QUANTITY_NAMES.has(name)) {
          throw new GraphQLError(`The quantity name '${name}' is not valid.`, {
            extensions: { code: 'BAD_REQUEST' },
          });
        }
        const quantity =
          name === 'available'
            ? available
            : name === 'on_hand'
              ? available + committed
              : name === 'committed'
                ? committed
                : 0;
        return {
          __typename: 'InventoryQuantity',
          id: `gid://shopify/InventoryQuantity/${variant.inventoryItemLegacyId}?name=${name}`,
          name,
          quantity,
          updatedAt: end,
        };
      }),
    createdAt: () => formatUtc(store.products[variant.productIndex]!.createdAtMs),
    updatedAt: end,
  };
  return {
    __typename: 'InventoryItem',
    id: `gid://shopify/InventoryItem/${variant.inventoryItemLegacyId}`,
    legacyResourceId: String(variant.inventoryItemLegacyId),
    sku: variant.sku,
    tracked: true,
    requiresShipping: true,
    unitCost: () => unitCostView(store, variant, data.now()),
    measurement: () => measurementView(store, variant),
    createdAt: () => formatUtc(store.products[variant.productIndex]!.createdAtMs),
    updatedAt: end,
    variant: () => variantView(data, variant),
    inventoryLevels: (args: ConnectionArgs, ctx: ShopifyContext) =>
      paginate(
        1,
        args,
        ctx,
        () => levelView,
        () => variant.inventoryItemLegacyId,
      ),
  };
}

export function variantView(data: ShopifyData, variant: DemoVariant): Record<string, unknown> {
  const cached = data.variantViews[variant.index];
  if (cached) return cached;
  const store = data.store;
  const product = store.products[variant.productIndex]!;
  const levels = store.inventory.levels[variant.index]!;
  const available = levels[levels.length - 1] ?? 0;
  const view = {
    __typename: 'ProductVariant',
    id: variant.id,
    legacyResourceId: String(variant.legacyId),
    title: variant.title,
    displayName: `${product.title} - ${variant.title}`,
    sku: variant.sku,
    price: formatDecimal(variant.priceMinor, store.shop.currencyCode),
    compareAtPrice: null,
    position: product.variantIndexes.indexOf(variant.index) + 1,
    inventoryQuantity: available,
    availableForSale: available > 0,
    inventoryItem: () => inventoryItemView(data, variant),
    product: () => productView(data, product),
    createdAt: () => formatUtc(product.createdAtMs),
    updatedAt: () => formatUtc(data.endInstantMs - DAY_MS * (variant.index % 20)),
  };
  data.variantViews[variant.index] = view;
  return view;
}

export function productView(data: ShopifyData, product: DemoProduct): Record<string, unknown> {
  const cached = data.productViews[product.index];
  if (cached) return cached;
  const store = data.store;
  const variants = product.variantIndexes.map((v) => store.variants[v]!);
  const totalInventory = variants.reduce((s, v) => {
    const levels = store.inventory.levels[v.index]!;
    return s + (levels[levels.length - 1] ?? 0);
  }, 0);
  const view = {
    __typename: 'Product',
    id: product.id,
    legacyResourceId: String(product.legacyId),
    title: product.title,
    handle: product.handle,
    description: `${product.title}, made to last. From the Upside Demo Goods ${product.productType.toLowerCase()} range.`,
    status: product.status,
    vendor: product.vendor,
    productType: product.productType,
    tags: [product.productType.toLowerCase()],
    createdAt: () => formatUtc(product.createdAtMs),
    updatedAt: () => formatUtc(data.endInstantMs - DAY_MS * (product.index % 30)),
    publishedAt: () => formatUtc(product.createdAtMs + 3_600_000),
    onlineStoreUrl: `${store.shop.primaryDomainUrl}/products/${product.handle}`,
    totalInventory,
    tracksInventory: true,
    hasOnlyDefaultVariant: variants.length === 1 && variants[0]!.title === 'Default Title',
    variantsCount: { count: variants.length, precision: 'EXACT' },
    variants: (args: ConnectionArgs, ctx: ShopifyContext) => {
      const ordered = args.reverse ? [...variants].reverse() : variants;
      return paginate(
        ordered.length,
        args,
        ctx,
        (p) => variantView(data, ordered[p]!),
        (v) => Number(v.legacyResourceId),
      );
    },
  };
  data.productViews[product.index] = view;
  return view;
}

function addressOf(c: DemoCustomer) {
  return {
    __typename: 'MailingAddress',
    id: `gid://shopify/MailingAddress/${c.legacyId + 3}?model_name=CustomerAddress`,
    name: `${c.firstName} ${c.lastName}`,
    firstName: c.firstName,
    lastName: c.lastName,
    company: null,
    address1: c.address1,
    address2: null,
    city: c.city,
    province: c.province,
    provinceCode: c.provinceCode,
    zip: c.zip,
    country: null,
    countryCodeV2: c.countryCode,
    phone: c.phone || null,
    formatted: () => [c.address1, `${c.city} ${c.provinceCode} ${c.zip}`, c.countryCode],
  };
}

/** Customer view: a class, as every order of a bulk export names its customer (usually only `id`). */
class CustomerView {
  readonly __typename = 'Customer';
  constructor(
    private readonly data: ShopifyData,
    private readonly c: DemoCustomer,
  ) {}
  get id() {
    return this.c.id;
  }
  get legacyResourceId() {
    return String(this.c.legacyId);
  }
  get firstName() {
    return this.c.firstName;
  }
  get lastName() {
    return this.c.lastName;
  }
  get displayName() {
    return `${this.c.firstName} ${this.c.lastName}`;
  }
  get email() {
    return this.c.email;
  }
  get defaultEmailAddress() {
    return {
      emailAddress: this.c.email,
      marketingState: this.c.index % 3 === 0 ? 'NOT_SUBSCRIBED' : 'SUBSCRIBED',
    };
  }
  get phone() {
    return this.c.phone || null;
  }
  get state() {
    return this.c.index % 4 === 0 ? 'ENABLED' : 'DISABLED';
  }
  get verifiedEmail() {
    return true;
  }
  get tags() {
    return this.c.numberOfOrders >= 5 ? ['vip'] : [];
  }
  get note() {
    return null;
  }
  get numberOfOrders() {
    return String(this.c.numberOfOrders);
  }
  get amountSpent() {
    return money(this.c.amountSpentMinor, this.data.store.shop.currencyCode);
  }
  get createdAt() {
    return formatUtc(this.c.createdAtMs);
  }
  get updatedAt() {
    return formatUtc(this.c.updatedAtMs);
  }
  get defaultAddress() {
    return addressOf(this.c);
  }
  get lastOrder() {
    const list = this.data.ordersOfCustomer(this.c.index);
    return list.length > 0 ? orderView(this.data, this.data.order(list[list.length - 1]!)) : null;
  }
  orders(args: ConnectionArgs, ctx: ShopifyContext) {
    const data = this.data;
    const cands = data.orderCandidates(
      args.query,
      args.sortKey ?? 'ID',
      Boolean(args.reverse),
      data.ordersOfCustomer(this.c.index),
    );
    const list = listCandidates(cands);
    return paginate(
      list.size,
      args,
      ctx,
      (p) => orderView(data, data.order(list.at(p))),
      (o) => Number(o.legacyResourceId),
    );
  }
}

export function customerView(data: ShopifyData, c: DemoCustomer): CustomerView {
  return new CustomerView(data, c);
}

/** Line item view: a class so that per-order materialisation allocates little (hot in bulk exports). */
class LineItemView {
  readonly __typename = 'LineItem';
  constructor(
    private readonly data: ShopifyData,
    private readonly o: DemoOrder,
    private readonly l: DemoLineItem,
    private readonly k: number,
  ) {}
  get id() {
    return this.l.id;
  }
  get legacyId() {
    return this.l.legacyId;
  }
  get name() {
    return this.l.variantTitle === 'Default Title'
      ? this.l.title
      : `${this.l.title} - ${this.l.variantTitle}`;
  }
  get title() {
    return this.l.title;
  }
  get variantTitle() {
    return this.l.variantTitle === 'Default Title' ? null : this.l.variantTitle;
  }
  get sku() {
    return this.l.sku;
  }
  get vendor() {
    return 'Upside Demo Goods';
  }
  get quantity() {
    return this.l.quantity;
  }
  private get refundedQuantity() {
    let n = 0;
    for (const r of this.o.refunds) for (const x of r.lines) if (x.lineItemIndex === this.k) n += x.quantity;
    return n;
  }
  get currentQuantity() {
    return this.o.cancelledAtMs !== null ? 0 : this.l.quantity - this.refundedQuantity;
  }
  get refundableQuantity() {
    return this.currentQuantity;
  }
  get requiresShipping() {
    return true;
  }
  get taxable() {
    return true;
  }
  get originalUnitPriceSet() {
    return bag(this.l.unitPriceMinor, this.o, this.l.unitPricePresentmentMinor);
  }
  get discountedUnitPriceSet() {
    const l = this.l;
    return bag(Math.round((l.unitPriceMinor * l.quantity - l.discountMinor) / l.quantity), this.o);
  }
  get originalTotalSet() {
    const l = this.l;
    return bag(l.unitPriceMinor * l.quantity, this.o, l.unitPricePresentmentMinor * l.quantity);
  }
  get discountedTotalSet() {
    return bag(this.l.unitPriceMinor * this.l.quantity - this.l.discountMinor, this.o);
  }
  get totalDiscountSet() {
    return bag(this.l.discountMinor, this.o);
  }
  variant() {
    return variantView(this.data, this.data.store.variants[this.l.variantIndex]!);
  }
  product() {
    const variant = this.data.store.variants[this.l.variantIndex]!;
    return productView(this.data, this.data.store.products[variant.productIndex]!);
  }
}

function addressView(o: DemoOrder) {
  const address = o.shippingAddress;
  if (!address) return null;
  return {
    __typename: 'MailingAddress',
    id: `gid://shopify/MailingAddress/${o.legacyId + 1}?model_name=Address`,
    name: `${address.firstName} ${address.lastName}`,
    firstName: address.firstName,
    lastName: address.lastName,
    company: null,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    province: address.province,
    provinceCode: address.provinceCode,
    zip: address.zip,
    country: address.country,
    countryCodeV2: address.countryCode,
    phone: address.phone,
    formatted: () => [
      address.address1,
      `${address.city} ${address.provinceCode} ${address.zip}`,
      address.country,
    ],
  };
}

/** Order view: fields are getters/methods so only what a query selects is computed. */
class OrderView {
  readonly __typename = 'Order';
  private lineItemViews: LineItemView[] | null = null;
  private profitFacts: DemoOrderProfit | null = null;
  constructor(
    private readonly data: ShopifyData,
    private readonly o: DemoOrder,
  ) {}
  private get profit(): DemoOrderProfit {
    this.profitFacts ??= orderProfit(this.data.store.profit, this.o);
    return this.profitFacts;
  }
  transactions(args: { first?: number | null; capturable?: boolean | null }) {
    return transactionViews(this.o, this.profit, args);
  }
  private get items(): LineItemView[] {
    if (!this.lineItemViews)
      this.lineItemViews = this.o.lineItems.map((l, k) => new LineItemView(this.data, this.o, l, k));
    return this.lineItemViews;
  }
  get id() {
    return this.o.id;
  }
  get legacyResourceId() {
    return String(this.o.legacyId);
  }
  get name() {
    return this.o.name;
  }
  get number() {
    return this.o.number;
  }
  get confirmationNumber() {
    return (this.o.legacyId % 2_176_782_336).toString(36).toUpperCase().padStart(9, 'X').slice(0, 9);
  }
  get email() {
    return this.o.email;
  }
  get phone() {
    return null;
  }
  get test() {
    return this.o.test;
  }
  get closed() {
    return this.o.fulfillmentStatus === 'FULFILLED' || this.o.cancelledAtMs !== null;
  }
  get closedAt() {
    return this.closed ? formatUtc(this.o.cancelledAtMs ?? this.o.updatedAtMs) : null;
  }
  get createdAt() {
    return formatUtc(this.o.createdAtMs);
  }
  get processedAt() {
    return formatUtc(this.o.processedAtMs);
  }
  get updatedAt() {
    return formatUtc(this.o.updatedAtMs);
  }
  get cancelledAt() {
    return this.o.cancelledAtMs === null ? null : formatUtc(this.o.cancelledAtMs);
  }
  get cancelReason() {
    return this.o.cancelReason;
  }
  get displayFinancialStatus() {
    return this.o.financialStatus;
  }
  get displayFulfillmentStatus() {
    return this.o.fulfillmentStatus;
  }
  get currencyCode() {
    return this.o.currencyCode;
  }
  get presentmentCurrencyCode() {
    return this.o.presentmentCurrencyCode;
  }
  get sourceName() {
    return this.o.test ? 'shopify_draft_order' : 'web';
  }
  get tags() {
    return this.o.test ? ['test'] : [];
  }
  get note() {
    return null;
  }
  get discountCode() {
    return this.o.discountCode;
  }
  get discountCodes() {
    return this.o.discountCode ? [this.o.discountCode] : [];
  }
  get subtotalLineItemsQuantity() {
    return this.o.lineItems.reduce((s, l) => s + l.quantity, 0);
  }
  get totalPriceSet() {
    return bag(this.o.totalMinor, this.o);
  }
  get subtotalPriceSet() {
    return bag(this.o.subtotalMinor, this.o);
  }
  get totalTaxSet() {
    return bag(this.o.taxMinor, this.o);
  }
  get totalDiscountsSet() {
    return bag(this.o.discountMinor, this.o);
  }
  get totalShippingPriceSet() {
    return bag(this.o.shippingMinor, this.o);
  }
  get totalRefundedSet() {
    return bag(this.o.refundedMinor, this.o);
  }
  get currentTotalPriceSet() {
    return bag(this.o.cancelledAtMs !== null ? 0 : this.o.totalMinor - this.o.refundedMinor, this.o);
  }
  get currentSubtotalPriceSet() {
    const o = this.o;
    const refunded = o.refunds.reduce((s, r) => s + r.lines.reduce((q, x) => q + x.subtotalMinor, 0), 0);
    return bag(o.cancelledAtMs !== null ? 0 : o.subtotalMinor - refunded, o);
  }
  customer() {
    const index = this.o.customerIndex;
    return index === null ? null : customerView(this.data, this.data.store.customers[index]!);
  }
  get shippingAddress() {
    return addressView(this.o);
  }
  get billingAddress() {
    return addressView(this.o);
  }
  get customerJourneySummary() {
    const o = this.o;
    const shopUrl = this.data.store.shop.primaryDomainUrl;
    if (!o.journey) {
      return o.test
        ? null
        : {
            ready: false,
            customerOrderIndex: null,
            daysToConversion: null,
            firstVisit: null,
            lastVisit: null,
            momentsCount: null,
          };
    }
    const journey = o.journey;
    return {
      ready: true,
      customerOrderIndex: null,
      daysToConversion: journey.daysToConversion,
      firstVisit: new VisitView(journey.firstVisit, shopUrl, o.legacyId, 0),
      lastVisit: new VisitView(journey.lastVisit, shopUrl, o.legacyId, 1),
      momentsCount: { count: journey.momentsCount, precision: 'EXACT' },
    };
  }
  lineItems(args: ConnectionArgs, ctx: ShopifyContext) {
    const items = this.items;
    const ordered = args.reverse ? [...items].reverse() : items;
    return paginate(
      ordered.length,
      args,
      ctx,
      (p) => ordered[p]!,
      (l) => l.legacyId,
    );
  }
  refunds({ first }: { first?: number | null }) {
    const o = this.o;
    const items = this.items;
    const all = o.refunds.map((r, refundIndex) => ({
      __typename: 'Refund',
      id: r.id,
      legacyResourceId: String(r.legacyId),
      createdAt: formatUtc(r.createdAtMs),
      updatedAt: formatUtc(r.createdAtMs),
      note: r.note,
      totalRefundedSet: () => bag(r.totalMinor, o, r.totalPresentmentMinor),
      refundLineItems: (args: ConnectionArgs, ctx: ShopifyContext) =>
        paginate(
          r.lines.length,
          args,
          ctx,
          (p) => {
            const line = r.lines[p]!;
            return {
              id: `gid://shopify/RefundLineItem/${r.legacyId * 10 + p}`,
              legacyId: r.legacyId * 10 + p,
              lineItem: items[line.lineItemIndex]!,
              quantity: line.quantity,
              subtotalSet: () => bag(line.subtotalMinor, o),
              ...restockFields(this.profit, refundIndex, p),
            };
          },
          (x) => x.legacyId,
        ),
      refundShippingLines: (args: ConnectionArgs, ctx: ShopifyContext) => {
        const nodes = refundShippingLineNodes(o, this.profit, refundIndex);
        return paginate(
          nodes.length,
          args,
          ctx,
          (p) => nodes[p]!,
          (x) => x.legacyId,
        );
      },
    }));
    return first != null ? all.slice(0, Math.max(0, first)) : all;
  }
}

export function orderView(data: ShopifyData, o: DemoOrder): OrderView {
  return new OrderView(data, o);
}

function shopView(data: ShopifyData) {
  const shop = data.store.shop;
  const offset = zoneOffsetMinutes(shop.ianaTimezone, data.endInstantMs);
  const abs = Math.abs(offset);
  const currencies = [...new Set(data.store.customers.slice(0, 2_000).map((c) => c.currency))].sort();
  return {
    __typename: 'Shop',
    id: shop.id,
    name: shop.name,
    email: shop.email,
    contactEmail: shop.email,
    myshopifyDomain: shop.myshopifyDomain,
    url: shop.primaryDomainUrl,
    primaryDomain: {
      id: 'gid://shopify/Domain/99000000001',
      host: new URL(shop.primaryDomainUrl).host,
      url: shop.primaryDomainUrl,
    },
    currencyCode: shop.currencyCode,
    enabledPresentmentCurrencies: currencies.includes(shop.currencyCode)
      ? currencies
      : [shop.currencyCode, ...currencies],
    ianaTimezone: shop.ianaTimezone,
    timezoneAbbreviation: shop.timezoneAbbreviation,
    timezoneOffset: `${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`,
    timezoneOffsetMinutes: offset,
    plan: { displayName: shop.planDisplayName, partnerDevelopment: false, shopifyPlus: false },
    createdAt: () => formatUtc(shop.createdAtMs),
    updatedAt: () => formatUtc(data.endInstantMs),
    weightUnit: 'POUNDS',
  };
}

/** Looks a GID up in the store; null when it names nothing. */
function nodeById(data: ShopifyData, id: string, ctx: ShopifyContext): unknown {
  const gid = parseGid(id);
  if (!gid) return null;
  const store = data.store;
  switch (gid.type) {
    case 'Order': {
      const i = indexFromLegacy(gid.legacy, ORDER_BASE, 13, store.orders.count);
      return i === null ? null : orderView(data, data.order(i));
    }
    case 'Customer': {
      const i = indexFromLegacy(gid.legacy, CUSTOMER_BASE, 11, store.customers.length);
      return i === null ? null : customerView(data, store.customers[i]!);
    }
    case 'Product': {
      const i = indexFromLegacy(gid.legacy, PRODUCT_BASE, 17, store.products.length);
      return i === null ? null : productView(data, store.products[i]!);
    }
    case 'ProductVariant': {
      const i = indexFromLegacy(gid.legacy, VARIANT_BASE, 19, store.variants.length);
      return i === null ? null : variantView(data, store.variants[i]!);
    }
    case 'InventoryItem': {
      const i = indexFromLegacy(gid.legacy, INVENTORY_ITEM_BASE, 23, store.variants.length);
      return i === null ? null : inventoryItemView(data, store.variants[i]!);
    }
    case 'Location':
      return gid.legacy === store.locations[0]!.legacyId ? locationView(data) : null;
    case 'BulkOperation':
      return ctx.mutations.bulkById(id);
    default:
      return null;
  }
}

/** Root value: Query and Mutation fields. */
export function buildRoot(data: ShopifyData) {
  const store = data.store;
  const orderConnection = (args: ConnectionArgs, ctx: ShopifyContext) => {
    const cands = data.orderCandidates(args.query, args.sortKey ?? 'PROCESSED_AT', Boolean(args.reverse));
    const list = listCandidates(cands);
    return paginate(
      list.size,
      args,
      ctx,
      (p) => orderView(data, data.order(list.at(p))),
      (o) => Number(o.legacyResourceId),
      {
        root: true,
      },
    );
  };
  const productList = (args: ConnectionArgs) => {
    const parsed = parseSearchQuery(args.query);
    let items = store.products.filter((p) =>
      parsed.length === 0
        ? true
        : parsed.some((group) =>
            group.every((t) => {
              const v = t.value.toLowerCase();
              const hit =
                t.field === 'title'
                  ? p.title.toLowerCase().includes(v.replace(/\*/g, ''))
                  : t.field === 'status'
                    ? p.status.toLowerCase() === v
                    : t.field === 'product_type'
                      ? p.productType.toLowerCase() === v
                      : t.field === 'vendor'
                        ? p.vendor.toLowerCase() === v
                        : t.field === 'handle'
                          ? p.handle === v
                          : t.field === 'sku'
                            ? p.variantIndexes.some((vi) => store.variants[vi]!.sku.toLowerCase() === v)
                            : t.field === null
                              ? p.title.toLowerCase().includes(v)
                              : true;
              return t.negated ? !hit : hit;
            }),
          ),
    );
    if (args.sortKey === 'TITLE')
      items = [...items].sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0));
    if (args.sortKey === 'PRODUCT_TYPE')
      items = [...items].sort((a, b) =>
        a.productType < b.productType ? -1 : a.productType > b.productType ? 1 : a.index - b.index,
      );
    if (args.reverse) items = [...items].reverse();
    return items;
  };
  const count = (n: number, limit: number | null | undefined) => ({
    count: limit != null && n > limit ? limit : n,
    precision: limit != null && n > limit ? 'AT_LEAST' : 'EXACT',
  });
  return {
    shop: () => shopView(data),
    node: ({ id }: { id: string }, ctx: ShopifyContext) => nodeById(data, id, ctx),
    order: ({ id }: { id: string }, ctx: ShopifyContext) => {
      const node = nodeById(data, id, ctx) as { __typename?: string } | null;
      return node?.__typename === 'Order' ? node : null;
    },
    orders: orderConnection,
    ordersCount: (args: { query?: string | null; limit?: number | null }) =>
      count(listCandidates(data.orderCandidates(args.query, 'ID', false)).size, args.limit),
    customer: ({ id }: { id: string }, ctx: ShopifyContext) => {
      const node = nodeById(data, id, ctx) as { __typename?: string } | null;
      return node?.__typename === 'Customer' ? node : null;
    },
    customers: (args: ConnectionArgs, ctx: ShopifyContext) => {
      const list = listCandidates(
        data.customerCandidates(args.query, args.sortKey ?? 'ID', Boolean(args.reverse)),
      );
      return paginate(
        list.size,
        args,
        ctx,
        (p) => customerView(data, store.customers[list.at(p)]!),
        (c) => Number(c.legacyResourceId),
        {
          root: true,
        },
      );
    },
    customersCount: (args: { query?: string | null; limit?: number | null }) =>
      count(listCandidates(data.customerCandidates(args.query, 'ID', false)).size, args.limit),
    product: ({ id }: { id: string }, ctx: ShopifyContext) => {
      const node = nodeById(data, id, ctx) as { __typename?: string } | null;
      return node?.__typename === 'Product' ? node : null;
    },
    products: (args: ConnectionArgs, ctx: ShopifyContext) => {
      const items = productList(args);
      return paginate(
        items.length,
        args,
        ctx,
        (p) => productView(data, items[p]!),
        (p) => Number(p.legacyResourceId),
        { root: true },
      );
    },
    productsCount: (args: { query?: string | null; limit?: number | null }) =>
      count(productList(args).length, args.limit),
    productVariant: ({ id }: { id: string }, ctx: ShopifyContext) => {
      const node = nodeById(data, id, ctx) as { __typename?: string } | null;
      return node?.__typename === 'ProductVariant' ? node : null;
    },
    productVariants: (args: ConnectionArgs, ctx: ShopifyContext) => {
      const items = args.reverse ? [...store.variants].reverse() : store.variants;
      return paginate(
        items.length,
        args,
        ctx,
        (p) => variantView(data, items[p]!),
        (v) => Number(v.legacyResourceId),
        { root: true },
      );
    },
    inventoryItem: ({ id }: { id: string }, ctx: ShopifyContext) => {
      const node = nodeById(data, id, ctx) as { __typename?: string } | null;
      return node?.__typename === 'InventoryItem' ? node : null;
    },
    location: ({ id }: { id?: string | null }, ctx: ShopifyContext) =>
      id ? nodeById(data, id, ctx) : locationView(data),
    locations: (args: ConnectionArgs, ctx: ShopifyContext) =>
      paginate(
        1,
        args,
        ctx,
        () => locationView(data),
        (l) => Number(l.legacyResourceId),
        { root: true },
      ),
    currentBulkOperation: ({ type }: { type: string }, ctx: ShopifyContext) =>
      ctx.mutations.currentBulk(type),
    bulkOperation: ({ id }: { id: string }, ctx: ShopifyContext) => ctx.mutations.bulkById(id),
    bulkOperationRunQuery: (
      { query, groupObjects }: { query: string; groupObjects?: boolean | null },
      ctx: ShopifyContext,
    ) => ctx.mutations.runBulkQuery(query, Boolean(groupObjects)),
    bulkOperationCancel: ({ id }: { id: string }, ctx: ShopifyContext) => ctx.mutations.cancelBulk(id),
    webhookSubscriptions: (
      args: {
        first?: number | null;
        after?: string | null;
        topics?: string[] | null;
        callbackUrl?: string | null;
      },
      ctx: ShopifyContext,
    ) =>
      ctx.webhooks?.connection(args) ?? {
        edges: [],
        nodes: [],
        pageInfo: { hasNextPage: false, hasPreviousPage: false },
      },
    webhookSubscriptionCreate: (
      args: { topic: string; webhookSubscription: { callbackUrl?: string | null; format?: string | null } },
      ctx: ShopifyContext,
    ) => ctx.webhooks?.create(args.topic, args.webhookSubscription) ?? null,
    webhookSubscriptionDelete: ({ id }: { id: string }, ctx: ShopifyContext) =>
      ctx.webhooks?.delete(id) ?? null,
  };
}
