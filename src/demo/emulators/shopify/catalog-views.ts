/** Catalog views of the Shopify emulator: location, inventory items and levels, variants, products. */
import { GraphQLError } from 'graphql';
import { DAY_MS } from '../../../shared/calendar.ts';
import { formatUtc } from '../../calendar.ts';
import type { DemoProduct, DemoVariant } from '../../model.ts';
import { formatDecimal } from '../../money.ts';
import { type ConnectionArgs, paginate, type ShopifyContext } from './pagination.ts';
import { measurementView, unitCostView } from './profit-views.ts';
import type { ShopifyData } from './shopify-data.ts';

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
