import { DAY_MS } from '../../../shared/calendar.ts';
import type { OrderLookupResponse, ShopifySummary } from '../../../shared/contracts/shopify.ts';
import { currencyDigitsOf, minorToDecimal, parseDecimalToMinor } from '../../../shared/money.ts';
import { mapOrderToLookup, shopAmount } from '../../connectors/shopify/map.ts';
import { badRequest } from '../../errors.ts';
import type { IntegrationContext } from '../../platform/integrations/integration-context.ts';
import { withUpstreamErrors } from '../../platform/integrations/upstream-failure.ts';
import { readOrderProfit } from '../contribution/read-order-profit.ts';
import { requireShopifyClient } from '../credentials/manage-shopify-credentials.ts';

/**
 * GET /api/shopify/order/{orderName}: finds the order live through the workspace's Shopify
 * connector by name, "#number" or number, mapped to the REST shape of spec §3, with the order's
 * profit from the warehouse below the spec's fields (issue #13).
 */
export async function lookupShopifyOrder(
  context: IntegrationContext,
  workspaceId: string,
  orderName: string,
): Promise<OrderLookupResponse> {
  const name = orderName.trim();
  if (name === '')
    throw badRequest('Enter an order name or number, for example #1001 or 1001', 'missing_order_name');
  const { client } = await requireShopifyClient(context, workspaceId);
  const found = await withUpstreamErrors(() => client.findOrderByName(name));
  if (!found) return { found: false, message: `No order found with the name ${name}` };
  const order = mapOrderToLookup(found.order, found.shopTimezone);
  return { found: true, order: { ...order, ...(await readOrderProfit(context.db, workspaceId, order.id)) } };
}

const SUMMARY_DAYS = 30;
const SUMMARY_MAX_PAGES = 8;

/** Last-30-day order summary for the Analytics Dashboard's Shopify tab, read live (bounded). */
export async function getShopifySummary(
  context: IntegrationContext,
  workspaceId: string,
): Promise<ShopifySummary> {
  const { client } = await requireShopifyClient(context, workspaceId);
  return withUpstreamErrors(async () => {
    const shop = await client.getShop();
    const since = new Date(context.now().getTime() - SUMMARY_DAYS * DAY_MS).toISOString();
    let after: string | null = null;
    let orderCount = 0;
    // Exact minor units of the shop currency (JPY has none, KWD three), never a float sum.
    const digits = currencyDigitsOf(shop.currencyCode);
    let revenueMinor = 0;
    let truncated = false;
    const recent: ShopifySummary['recentOrders'] = [];
    for (let page = 0; page < SUMMARY_MAX_PAGES; page++) {
      const result = await client.listOrderTotals({ first: 200, after, query: `created_at:>='${since}'` });
      for (const order of result.nodes) {
        if (order.cancelledAt || order.test) continue;
        orderCount += 1;
        revenueMinor += parseDecimalToMinor(shopAmount(order.totalPriceSet), digits);
        if (recent.length < 5) {
          recent.push({
            name: order.name,
            createdAt: order.createdAt,
            total: shopAmount(order.totalPriceSet),
            financialStatus: order.displayFinancialStatus?.toLowerCase() ?? null,
          });
        }
      }
      if (!result.pageInfo.hasNextPage || !result.pageInfo.endCursor) break;
      after = result.pageInfo.endCursor;
      if (page === SUMMARY_MAX_PAGES - 1) truncated = true;
    }
    return {
      shopName: shop.name,
      currency: shop.currencyCode,
      timezone: shop.ianaTimezone,
      periodDays: SUMMARY_DAYS,
      from: null,
      to: null,
      orderCount,
      revenue: minorToDecimal(revenueMinor, digits),
      averageOrderValue: minorToDecimal(orderCount > 0 ? Math.round(revenueMinor / orderCount) : 0, digits),
      truncated,
      recentOrders: recent,
    };
  });
}
