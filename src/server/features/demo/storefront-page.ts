import { currencyDigitsOf, formatMoney, minorToDecimal } from '../../../shared/money.ts';

import type { DemoRuntime } from '../../http/demo-runtime.ts';

/** A product of the demo storefront: what its card shows and what the cart button adds. */
export type StorefrontProduct = NonNullable<
  NonNullable<DemoRuntime['storefront']>['catalog']
>['products'][number];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The demo storefront (issue 16 item 5): a small shop page in the demo store's catalogue, served by
 * Upside itself in demo mode, with the real tracker snippet and `window.Shopify` set like a Shopify
 * theme, so the tracker writes its visitor id into the demo cart (`/cart/update.js`) as it does on
 * a real store. The home page lists the products; a product page has an "Add to cart" button that
 * posts to `/cart/update.js` and shows the cart's count. Plain HTML; the theme script
 * (STOREFRONT_THEME_JS, a file because the CSP allows no inline script) runs before the deferred tracker.
 */
export function renderStorefrontPage(input: {
  shopName: string;
  currency: string;
  products: readonly StorefrontProduct[];
  /** The product page to show, or null for the home page. */
  product: StorefrontProduct | null;
  snippet: string;
}): string {
  const price = (p: StorefrontProduct) =>
    escapeHtml(formatMoney(minorToDecimal(p.priceMinor, currencyDigitsOf(input.currency)), input.currency));
  const cards = input.products
    .map(
      (p) => `<li class="card"><a href="/demo/storefront/products/${encodeURIComponent(p.handle)}">
  <span class="swatch" aria-hidden="true"></span><strong>${escapeHtml(p.title)}</strong><span>${price(p)}</span></a></li>`,
    )
    .join('\n');
  const body = input.product
    ? `<section class="product" data-variant-id="${input.product.variantId}">
  <span class="swatch large" aria-hidden="true"></span>
  <div><h1>${escapeHtml(input.product.title)}</h1><p class="price">${price(input.product)}</p>
  <form class="product-form"><button type="button" id="add-to-cart">Add to cart</button></form>
  <p><a href="/demo/storefront">← All products</a></p></div>
</section>`
    : `<h1>${escapeHtml(input.shopName)}</h1><p>Click around: your visit appears in Upside's Cursor Tracking heatmaps and journeys.</p>
<ul class="grid">${cards}</ul>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.product ? `${input.product.title} – ${input.shopName}` : input.shopName)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#fafaf9;color:#1c1917}
header{display:flex;justify-content:space-between;align-items:center;padding:1rem 1.5rem;background:#1c1917;color:#fafaf9}
header a{color:inherit;text-decoration:none}main{max-width:60rem;margin:0 auto;padding:1.5rem}
.grid{list-style:none;padding:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(12rem,1fr))}
.card a{display:grid;gap:.5rem;padding:1rem;background:#fff;border:1px solid #e7e5e4;border-radius:.75rem;color:inherit;text-decoration:none}
.swatch{display:block;height:8rem;border-radius:.5rem;background:linear-gradient(135deg,#d6d3d1,#a8a29e)}
.swatch.large{height:16rem;width:16rem}.product{display:flex;flex-wrap:wrap;gap:2rem;align-items:flex-start}
button{font-size:1rem;padding:.75rem 1.5rem;border:0;border-radius:.5rem;background:#1c1917;color:#fff;cursor:pointer}
.note{font-size:.8rem;color:#78716c;margin-top:3rem}
</style>
<script src="/demo/storefront/theme.js"></script>
${input.snippet}
</head><body>
<header><a href="/demo/storefront"><strong>${escapeHtml(input.shopName)}</strong></a><span id="cart-count">Cart (0)</span></header>
<main>${body}
<p class="note">Demo storefront served by Upside in demo mode. <a href="/cursor-tracking">Back to Upside</a></p></main>
</body></html>`;
}

/** The theme's script: `window.Shopify` (the tracker writes the cart only on Shopify pages) and the cart button. */
export const STOREFRONT_THEME_JS = `window.Shopify = { shop: 'upside-demo', theme: { name: 'Upside demo storefront' } };
document.addEventListener('DOMContentLoaded', function () {
  var count = document.getElementById('cart-count');
  var cart = { item_count: 0, items: [] };
  var show = function (c) { cart = c; count.textContent = 'Cart (' + c.item_count + ')'; };
  fetch('/cart.js').then(function (r) { return r.json(); }).then(show).catch(function () {});
  var add = document.getElementById('add-to-cart');
  if (!add) return;
  add.addEventListener('click', function () {
    var id = document.querySelector('[data-variant-id]').getAttribute('data-variant-id');
    var line = cart.items.filter(function (i) { return String(i.id) === id; })[0];
    var body = new URLSearchParams();
    body.set('updates[' + id + ']', String((line ? line.quantity : 0) + 1));
    fetch('/cart/update.js', { method: 'POST', body: body }).then(function (r) { return r.json(); }).then(show);
  });
});
`;
