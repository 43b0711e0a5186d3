/**
 * Pure conversions the sync jobs apply to vendor values before they reach the warehouse: exact
 * decimal strings to integer minor units, Shopify GIDs to numeric ids, instants to shop-local
 * days. No floating point touches money.
 */

/** "gid://shopify/Order/123" → 123 (also accepts a bare number or numeric string). */
export function parseShopifyId(gid: string | number): number {
  if (typeof gid === 'number') return gid;
  const tail = gid.slice(gid.lastIndexOf('/') + 1);
  const id = Number.parseInt(tail, 10);
  if (!Number.isSafeInteger(id)) throw new Error(`not a Shopify id: "${gid}"`);
  return id;
}

export function parseOptionalShopifyId(gid: string | number | null | undefined): number | null {
  return gid === null || gid === undefined ? null : parseShopifyId(gid);
}

/** GA4 "20261001" → "2026-10-01". */
export function parseGa4Date(value: string): string {
  if (!/^\d{8}$/.test(value)) throw new Error(`not a GA4 date: "${value}"`);
  return `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
}
