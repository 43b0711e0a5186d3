/**
 * The product a campaign advertises: the landing product page of at least half of the orders
 * credited to it (ties: the first counted), or null when no page reaches half.
 * @example advertisedHandle(new Map([['linen-shirt', 6], ['cap', 2]]), 10) // 'linen-shirt'
 */
export function advertisedHandle(ordersByHandle: ReadonlyMap<string, number>, orders: number): string | null {
  const [handle, count] = [...ordersByHandle].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  return handle !== null && count >= 0.5 * orders ? handle : null;
}
