/**
 * What each money figure contains, in one sentence (issue #36, decision 088): shown on hover and
 * focus beside the figure on every page that shows it, so a page never words a definition its own way.
 */

/** The P&L lines of /profit (and the same lines wherever they appear). */
export const PROFIT_LINE_DEFINITIONS = {
  grossSales:
    'Product sales: line price × quantity, before discounts and returns; without shipping and taxes (Shopify’s gross sales).',
  discounts: 'Line discounts and each line’s share of order discounts, on the order day.',
  returns:
    'The value of items returned (refunded line subtotals after discounts, before tax), on the refund day. Refunded shipping and tax are not returns.',
  netSales: 'Gross sales − discounts − returns; without shipping and taxes (Shopify’s net sales).',
  cogs: 'Cost of the goods sold (the unit cost in force on the order day × quantity), minus restocked returns.',
  grossProfit: 'Net sales − cost of goods.',
  shippingCharges: 'Shipping charged to customers, minus shipping refunded (Shopify’s shipping line).',
  shipping:
    'What shipping cost the shop: imported per order, else your shipping profile, else the amount charged.',
  paymentFees: 'Gateway fees of successful payments (the gateway’s own, else your fee rule).',
  marketing:
    'Ad spend of every platform (Meta, Google Ads, TikTok, imported spend and your cost lines), in the shop currency at each day’s rate, on the ad account’s day.',
  contributionMargin:
    'Gross profit + shipping charged − shipping cost − payment fees − marketing, before fixed expenses.',
  expenses:
    'Your custom expenses in force on each day (monthly, per order, or a percent of net sales or ad spend).',
  netProfit: 'Contribution margin − expenses.',
  taxes: 'Taxes charged minus taxes refunded: collected for the tax authority, never revenue.',
  totalSales:
    'Net sales + shipping charged + taxes (Shopify’s total sales): what customers paid, net of refunds.',
} as const;

/**
 * A slice's contribution (an order, a product, a cohort, a campaign's credited orders): decision
 * 010's lines without marketing and expenses, sales on Shopify's definitions (decision 109).
 */
export const CONTRIBUTION_BEFORE_MARKETING_DEFINITION =
  'Gross profit + shipping charged − shipping cost − payment fees; before marketing and expenses.';

/** The dashboard's KPI cards. */
export const KPI_DEFINITIONS = {
  revenue:
    'Order totals (products, shipping and tax) on the order day, minus refunds on the refund day; test and cancelled orders excluded. Equals Shopify’s total sales.',
  grossSales:
    'Order totals as Shopify charges them: products after discounts, plus shipping and tax, before refunds.',
  refunds:
    'Money returned to customers on the refund day, including refunded shipping and tax. /profit’s “Returns” is only the value of the returned items.',
  orders: 'Orders placed in the window, test and cancelled orders excluded.',
  averageOrderValue: 'Order totals ÷ orders.',
  adSpend:
    'Ad spend of every platform (Meta, Google Ads, TikTok, imported) over the same days, in the shop currency.',
  roas: 'Blended ROAS: all store revenue (net of refunds) ÷ all ad spend.',
  metaRoas: 'Store-verified revenue credited to Meta (net of refunds) ÷ Meta ad spend.',
  newCustomers: 'Customers whose first order falls in the window.',
  returningCustomers: 'Customers who ordered in the window and had ordered before it.',
} as const;
