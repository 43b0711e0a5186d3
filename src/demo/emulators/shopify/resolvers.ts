/**
 * Resolvers of the Shopify emulator: the demo store seen through the Admin GraphQL subset.
 * graphql-js's default resolver calls functions found on the source object with (args, context),
 * so each view object carries its connection fields as functions; nothing is materialised unless
 * selected. This module is the root (Query and Mutation fields, lookups by GID); the views live in
 * catalog-views.ts, order-customer-views.ts, line-item-view.ts and visit-view.ts, the store access
 * and searches in shopify-data.ts, pagination in pagination.ts.
 */
import { formatUtc, zoneOffsetMinutes } from '../../calendar.ts';
import { inventoryItemView, locationView, productView, variantView } from './catalog-views.ts';
import { customerView, orderView } from './order-customer-views.ts';
import { type ConnectionArgs, paginate, type ShopifyContext } from './pagination.ts';
import { parseSearchQuery } from './search.ts';
import {
  CUSTOMER_BASE,
  INVENTORY_ITEM_BASE,
  indexFromLegacy,
  listCandidates,
  PRODUCT_BASE,
  type ShopifyData,
  VARIANT_BASE,
} from './shopify-data.ts';

function parseGid(id: string): { type: string; legacy: number } | null {
  const match = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)$/.exec(id);
  if (!match) return null;
  return { type: match[1]!, legacy: Number(match[2]) };
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
      const i = data.orders.positionOf(gid.legacy);
      if (i === null || data.orders.createdAtMs(i) < (ctx.ordersFromMs ?? Number.NEGATIVE_INFINITY))
        return null;
      return orderView(data, data.order(i));
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
    const list = listCandidates(data.createdSince(cands, ctx.ordersFromMs));
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
    ordersCount: (args: { query?: string | null; limit?: number | null }, ctx: ShopifyContext) =>
      count(
        listCandidates(data.createdSince(data.orderCandidates(args.query, 'ID', false), ctx.ordersFromMs))
          .size,
        args.limit,
      ),
    currentAppInstallation: (_args: unknown, ctx: ShopifyContext) => ({
      __typename: 'AppInstallation',
      id: 'gid://shopify/AppInstallation/1',
      accessScopes: (ctx.scopes?.list() ?? []).map((handle) => ({
        handle,
        description: `${handle.startsWith('write_') ? 'Modify' : 'Read'} ${handle.replace(/^(read|write)_/, '').replace(/_/g, ' ')}`,
      })),
    }),
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
        uri?: string | null;
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
      args: {
        topic: string;
        webhookSubscription: { uri?: string | null; callbackUrl?: string | null; format?: string | null };
      },
      ctx: ShopifyContext,
    ) => ctx.webhooks?.create(args.topic, args.webhookSubscription) ?? null,
    webhookSubscriptionDelete: ({ id }: { id: string }, ctx: ShopifyContext) =>
      ctx.webhooks?.delete(id) ?? null,
  };
}
