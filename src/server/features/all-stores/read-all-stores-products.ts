import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AllStoresProducts } from '../../../shared/contracts/all-stores.ts';
import { minorToDecimal } from '../../../shared/money.ts';
import { queryRows } from '../../db/query-rows.ts';
import { loadRateConverter } from '../../domain/currency/rate-converter.ts';
import { validOrderOf } from '../../domain/metrics/metric-window.ts';
import type { CachedReads } from '../../http/deps.ts';
import type { SessionPrincipal } from '../../platform/session/manage-sessions.ts';
import { readCommonPeriod } from './common-period.ts';
import { conversionOf, judgeStores, readTeamStores } from './team-stores.ts';

/** A product row while its converted sales are summed, in minor units of the reporting currency. */
type ProductInMinor = Omit<AllStoresProducts['products'][number], 'revenue'> & { revenueMinor: number };

/** Products listed: the best sellers of all the stores together. */
const TOP_PRODUCTS = 50;

const ProductDayRow = z.object({
  product_id: z.string(),
  title: z.string(),
  day: z.string(),
  units: z.number(),
  sales: z.string(),
});

/**
 * GET /api/all-stores/products: every store's products over the last `period` shop days, their
 * sales (price × quantity − line discounts, valid orders) converted per day into the reporting
 * currency (decision 067), the best `TOP_PRODUCTS` of all stores first. A product belongs to its
 * store: two stores selling "the same" item list it twice, once per store.
 */
export async function readAllStoresProducts(
  reads: CachedReads,
  principal: SessionPrincipal,
  periodDays: number,
  now: Date,
): Promise<AllStoresProducts> {
  const { reportingCurrency, stores } = await readTeamStores(reads.db, principal.teamId);
  const { period } = await readCommonPeriod(reads.db, stores, periodDays, now);
  const today = now.toISOString().slice(0, 10);
  const converter = await loadRateConverter(
    reads.db,
    principal.teamId,
    reportingCurrency,
    stores.flatMap((store) => (store.currency ? [store.currency] : [])),
    period?.start ?? today,
    period?.end ?? today,
  );
  const { summed, listed } = judgeStores(stores, converter, period?.start ?? today);
  const products: ProductInMinor[] = [];
  if (period) {
    const rows = await Promise.all(
      summed.map((store) =>
        queryRows(
          reads.db,
          ProductDayRow,
          sql`SELECT coalesce(li.product_id::text, 'item:' || li.title) AS product_id,
                coalesce(max(p.title), max(li.title)) AS title, li.order_date::text AS day,
                sum(li.quantity)::int AS units,
                sum(li.unit_price_minor * li.quantity - li.discount_minor)::text AS sales
              FROM wh_order_line_items li
              JOIN wh_orders o ON o.workspace_id = li.workspace_id AND o.order_id = li.order_id
              LEFT JOIN wh_products p ON p.workspace_id = li.workspace_id AND p.product_id = li.product_id
              WHERE li.workspace_id = ${store.id} AND ${validOrderOf(store.id)}
                AND li.order_date BETWEEN ${period.start}::date AND ${period.end}::date
              GROUP BY 1, 3`,
        ),
      ),
    );
    for (const [index, storeRows] of rows.entries()) {
      const store = summed[index];
      if (!store) continue;
      const byProduct = new Map<string, ProductInMinor>();
      for (const row of storeRows) {
        const product = byProduct.get(row.product_id) ?? {
          storeId: store.id,
          productId: row.product_id,
          title: row.title,
          units: 0,
          revenueMinor: 0,
        };
        product.units += row.units;
        product.revenueMinor +=
          converter.convert(store.currency ?? '', store.digits, row.day, Number(row.sales)) ?? 0;
        byProduct.set(row.product_id, product);
      }
      products.push(...byProduct.values());
    }
  }
  products.sort(
    (a, b) =>
      b.revenueMinor - a.revenueMinor ||
      a.storeId.localeCompare(b.storeId) ||
      a.productId.localeCompare(b.productId),
  );
  return {
    ...conversionOf(converter, listed),
    period: periodDays,
    // Summed in minor units, written once in the reporting currency's digits.
    products: products.slice(0, TOP_PRODUCTS).map(({ revenueMinor, ...product }) => ({
      ...product,
      revenue: minorToDecimal(revenueMinor, converter.digits),
    })),
  };
}
