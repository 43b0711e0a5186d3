import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { StorefrontProduct } from './storefront-page.ts';

/** The demo cart as Shopify's Ajax API answers it (`/cart.js`, `/cart/update.js`), in the fields the page and tracker read. */
export interface DemoCart {
  token: string;
  item_count: number;
  total_price: number;
  items: { id: number; title: string; quantity: number; price: number }[];
  attributes: Record<string, string>;
}

/** Carts kept in memory, by token: a demo has a handful of visitors; the oldest go first. */
const CARTS_KEPT = 1000;

/**
 * The demo storefront's carts (issue 16 item 5), in memory like a demo should be: a cart per
 * browser (its `cart` cookie holds the token, as on Shopify), updated by `/cart/update.js` form
 * fields `updates[<variant id>]=<quantity>` and `attributes[<key>]=<value>` — the tracker sends
 * `attributes[_upside_vid]` there, so the cart carries the visitor id an order would.
 */
export function createDemoCarts(products: readonly StorefrontProduct[]) {
  const carts = new LRUCache<string, DemoCart>({ max: CARTS_KEPT });
  const byVariant = new Map(products.map((p) => [p.variantId, p]));
  const open = (token: string | undefined): DemoCart => {
    const kept = token ? carts.get(token) : undefined;
    if (kept) return kept;
    const cart: DemoCart = {
      token: `c1-${randomBytes(12).toString('hex')}`,
      item_count: 0,
      total_price: 0,
      items: [],
      attributes: {},
    };
    carts.set(cart.token, cart);
    return cart;
  };
  /** Applies the form fields; unknown variants and non-numeric quantities are refused with the field named. */
  const update = (cart: DemoCart, fields: URLSearchParams): DemoCart | { field: string } => {
    for (const [key, value] of fields) {
      const attribute = /^attributes\[(.{1,100})\]$/.exec(key);
      if (attribute) {
        cart.attributes[attribute[1]!] = value.slice(0, 255);
        continue;
      }
      const line = /^updates\[(\d{1,15})\]$/.exec(key);
      const quantity = Number(value);
      const product = line ? byVariant.get(Number(line[1])) : undefined;
      if (!product || !Number.isInteger(quantity) || quantity < 0 || quantity > 99) return { field: key };
      cart.items = cart.items.filter((i) => i.id !== product.variantId);
      if (quantity > 0)
        cart.items.push({ id: product.variantId, title: product.title, quantity, price: product.priceMinor });
    }
    cart.item_count = cart.items.reduce((s, i) => s + i.quantity, 0);
    cart.total_price = cart.items.reduce((s, i) => s + i.quantity * i.price, 0);
    return cart;
  };
  return { open, update };
}
