/**
 * The product handle of a landing page (`/products/<handle>`, with or without a host, query or
 * fragment), or null when the page is not a product page.
 * @example productHandleOf('https://shop.example/products/linen-shirt?utm_source=facebook') // 'linen-shirt'
 */
export function productHandleOf(landingPage: string | null): string | null {
  return /\/products\/([^/?#]+)/.exec(landingPage ?? '')?.[1] ?? null;
}
