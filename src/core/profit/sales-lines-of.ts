/** The sales lines a source provides (integer minor units of the shop currency, decision 088). */
export interface SalesInputLines {
  /** Product sales: Σ line price × quantity, before discounts and returns; no shipping, no taxes. */
  grossSales: number;
  /** Line-level discounts and each line's share of order-level discounts. */
  discounts: number;
  /** The value of returned items (refund line subtotals, after their discounts, before tax). */
  returns: number;
  /** Shipping charged to customers, minus shipping refunded. */
  shippingCharges: number;
  /** Taxes charged, minus taxes refunded (collected for the tax authority: not sales). */
  taxes: number;
}

/** The sales lines with their two results. */
export interface SalesLines extends SalesInputLines {
  netSales: number;
  totalSales: number;
}

/**
 * Sales as Shopify's Finance and Sales reports define them (decision 088; Shopify Help Center:
 * Finance reports / Sales reports), the one place these results are computed:
 *
 *   netSales   = grossSales − discounts − returns        (no shipping, no taxes)
 *   totalSales = netSales + shippingCharges + taxes
 *
 * Sales land on the order day, returns and refunded shipping and taxes on the refund day, so
 * `totalSales` over a range equals the order totals minus the refunds of that range.
 *
 * @example salesLinesOf({ grossSales: 10000, discounts: 1000, returns: 2000, shippingCharges: 500, taxes: 700 })
 *   // { …, netSales: 7000, totalSales: 8200 }
 */
export function salesLinesOf(input: SalesInputLines): SalesLines {
  const netSales = input.grossSales - input.discounts - input.returns;
  return { ...input, netSales, totalSales: netSales + input.shippingCharges + input.taxes };
}
