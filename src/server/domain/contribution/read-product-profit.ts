import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { marginRate } from '../../../core/metrics/margin-rate.ts';
import type { ProductContribution } from '../../../core/profit/contribution-by-product.ts';
import { contributionOf, emptyContributionParts } from '../../../core/profit/contribution-of.ts';
import type { ProductProfit, ProductProfitQuery } from '../../../shared/contracts/products.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { findShop } from '../shop/read-shop.ts';

/** Shown on /products beside the table (decision 038). */
export const PRODUCT_ALLOCATION_RULE =
  'Each product carries its own lines: price × quantity, its line discounts and the cost of goods frozen on ' +
  'the line (order day), and its refunded lines with the cost of restocked units given back (refund day). ' +
  'Gross sales are Shopify’s: the lines’ price × quantity, without shipping and taxes. ' +
  'What belongs to a whole order — shipping charged less shipping refunded, order discounts, the shipping cost and ' +
  "payment fees — is shared among the order's lines in proportion to their value after line discounts " +
  '(by units when that is zero), in whole cents that add up to the order’s amount on each day. Days are those of the ' +
  'Profit page, so the products add up to its contribution margin before marketing for the same range.';

/** Title of the row of line items without a product (custom items, products since deleted). */
const WITHOUT_PRODUCT = 'Items without a product';

const ProductDaysRow = z.object({
  product_id: z.string().nullable(),
  gross_sales: z.string(),
  shipping_charges: z.string(),
  discounts: z.string(),
  returns: z.string(),
  cogs: z.string(),
  shipping: z.string(),
  payment_fees: z.string(),
  units: z.string(),
  units_with_cost: z.string(),
  cogs_estimated: z.boolean(),
  shipping_estimated: z.boolean(),
});

/**
 * Each product's contribution parts over `from`..`to`: the product rollup's days added up
 * (decision 060; rows built by `rebuild-contribution-rollups.ts` with decision 038's allocation).
 */
async function readProductDays(
  db: Db,
  workspaceId: string,
  from: string,
  to: string,
): Promise<ProductContribution[]> {
  const rows = await queryRows(
    db,
    ProductDaysRow,
    sql`SELECT product_id::text AS product_id, sum(gross_sales_minor)::text AS gross_sales,
          sum(shipping_charges_minor)::text AS shipping_charges,
          sum(discounts_minor)::text AS discounts, sum(returns_minor)::text AS returns,
          sum(cogs_minor)::text AS cogs, sum(shipping_minor)::text AS shipping,
          sum(payment_fees_minor)::text AS payment_fees, sum(units)::text AS units,
          sum(units_with_cost)::text AS units_with_cost, bool_or(cogs_estimated) AS cogs_estimated,
          bool_or(shipping_estimated) AS shipping_estimated
        FROM product_profit_daily
        WHERE workspace_id = ${workspaceId} AND day BETWEEN ${from}::date AND ${to}::date
        GROUP BY product_id`,
  );
  return rows.map((r) => ({
    productId: r.product_id,
    parts: {
      grossSales: Number(r.gross_sales),
      shippingCharges: Number(r.shipping_charges),
      discounts: Number(r.discounts),
      returns: Number(r.returns),
      cogs: Number(r.cogs),
      shipping: Number(r.shipping),
      paymentFees: Number(r.payment_fees),
    },
    units: Number(r.units),
    unitsWithCost: Number(r.units_with_cost),
    cogsEstimated: r.cogs_estimated,
    shippingEstimated: r.shipping_estimated,
  }));
}

/**
 * GET /api/products/profit: gross margin and contribution per product over `from`..`to` (issue #13,
 * decision 038), with each product's cost coverage and the parts that rest on estimates. The
 * products add up to /api/profit's lines for the same range (marketing and expenses aside). Reads
 * the product rollup, brought up to the warehouse's version by the caller (decision 060).
 */
export async function readProductProfit(
  db: Db,
  workspaceId: string,
  query: ProductProfitQuery,
): Promise<ProductProfit> {
  const shop = await findShop(db, workspaceId);
  const digits = shop?.digits ?? 2;
  const base = {
    hasData: shop !== null,
    currency: shop?.currencyCode ?? 'USD',
    from: query.from,
    to: query.to,
    allocationRule: PRODUCT_ALLOCATION_RULE,
  };
  const products = shop ? await readProductDays(db, workspaceId, query.from, query.to) : [];
  const titles = await readProductTitles(
    db,
    workspaceId,
    products.flatMap((p) => (p.productId === null ? [] : [p.productId])),
  );
  const total = products.reduce<ProductContribution>(
    (sum, p) => ({
      productId: null,
      parts: {
        grossSales: sum.parts.grossSales + p.parts.grossSales,
        shippingCharges: (sum.parts.shippingCharges ?? 0) + (p.parts.shippingCharges ?? 0),
        discounts: sum.parts.discounts + p.parts.discounts,
        returns: sum.parts.returns + p.parts.returns,
        cogs: sum.parts.cogs + p.parts.cogs,
        shipping: sum.parts.shipping + p.parts.shipping,
        paymentFees: sum.parts.paymentFees + p.parts.paymentFees,
      },
      units: sum.units + p.units,
      unitsWithCost: sum.unitsWithCost + p.unitsWithCost,
      cogsEstimated: sum.cogsEstimated || p.cogsEstimated,
      shippingEstimated: sum.shippingEstimated || p.shippingEstimated,
    }),
    {
      productId: null,
      parts: emptyContributionParts(),
      units: 0,
      unitsWithCost: 0,
      cogsEstimated: false,
      shippingEstimated: false,
    },
  );
  const rows = products
    .map((p) => ({
      productId: p.productId,
      title: p.productId === null ? WITHOUT_PRODUCT : (titles.get(p.productId) ?? `Product ${p.productId}`),
      ...figuresOf(p, digits),
    }))
    .sort((a, b) => Number(b.contribution) - Number(a.contribution) || a.title.localeCompare(b.title));
  return { ...base, totals: figuresOf(total, digits), products: rows };
}

/** A product's (or the totals') figures on the wire. */
function figuresOf(p: ProductContribution, digits: number) {
  const lines = contributionOf(p.parts);
  const money = (minor: number) => minorToDecimal(minor, digits);
  const estimated: Array<'cogs' | 'shipping_cost'> = [];
  if (p.cogsEstimated) estimated.push('cogs');
  if (p.shippingEstimated) estimated.push('shipping_cost');
  return {
    units: p.units,
    grossSales: money(lines.grossSales),
    discounts: money(lines.discounts),
    returns: money(lines.returns),
    netSales: money(lines.netSales),
    shippingCharges: money(lines.shippingCharges ?? 0),
    cogs: money(lines.cogs),
    grossProfit: money(lines.grossProfit),
    grossMargin: marginRate(lines.grossProfit, lines.netSales),
    shippingCost: money(lines.shipping),
    paymentFees: money(lines.paymentFees),
    contribution: money(lines.contributionMargin),
    contributionMargin: marginRate(lines.contributionMargin, lines.netSales),
    coverage: {
      unitsSold: p.units,
      unitsWithCost: p.unitsWithCost,
      share: p.units > 0 ? p.unitsWithCost / p.units : null,
    },
    estimated,
  };
}

const ProductTitleRow = z.object({ product_id: z.string(), title: z.string() });

/** The shop's titles of products (by id); a product missing from the catalogue is left out. */
export async function readProductTitles(db: Db, workspaceId: string, productIds: string[]) {
  const titles = new Map<string, string>();
  if (productIds.length === 0) return titles;
  const rows = await queryRows(
    db,
    ProductTitleRow,
    sql`SELECT product_id::text AS product_id, title FROM wh_products
        WHERE workspace_id = ${workspaceId}
          AND product_id = ANY(${`{${productIds.join(',')}}`}::bigint[])`,
  );
  for (const r of rows) titles.set(r.product_id, r.title);
  return titles;
}
