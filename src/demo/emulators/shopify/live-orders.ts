/**
 * "Simulate live orders" (issue #15): the emulator places new orders every few seconds in its
 * order book (order-book.ts), the same model its Admin GraphQL API reads, so `orders` queries, a
 * sync and a reconciliation see them — each copies the basket, customer and money of a historical
 * order of the store (so prices, discounts and taxes follow the generator's rules), placed now —
 * and tells subscribers as Shopify does: `orders/create`, and now and then `orders/updated` when
 * an earlier live order is fulfilled. `orders` is the truth a test compares the warehouse with.
 */
import { dayToIso, formatUtc, localDayOf } from '../../calendar.ts';
import type { DemoOrder, DemoStore } from '../../model.ts';
import { formatDecimal } from '../../money.ts';
import type { OrderBook } from './order-book.ts';
import type { WebhookSender } from './webhooks.ts';

/** Live orders' ids, far above the generated store's (5.2e12 + 13·i), and their lines'. */
const LIVE_ORDER_BASE = 5_900_000_000_000;
const LIVE_LINE_BASE = 13_990_000_000_000;
const LIVE_NUMBER_BASE = 900_000;

/** An order as a REST webhook payload carries it (decision 030 lists the fields). */
export function restOrderOf(store: DemoStore, order: DemoOrder): Record<string, unknown> {
  const c = order.currencyCode;
  const customer = order.customerIndex === null ? null : store.customers[order.customerIndex];
  const refunded = order.refunds.map((refund) => ({
    id: refund.legacyId,
    order_id: order.legacyId,
    created_at: formatUtc(refund.createdAtMs),
    note: refund.note,
    transactions: [{ kind: 'refund', status: 'success', amount: formatDecimal(refund.totalMinor, c) }],
    refund_line_items: [],
  }));
  return {
    id: order.legacyId,
    admin_graphql_api_id: order.id,
    name: order.name,
    order_number: order.number,
    email: order.email,
    created_at: formatUtc(order.createdAtMs),
    updated_at: formatUtc(order.updatedAtMs),
    processed_at: formatUtc(order.processedAtMs),
    cancelled_at: order.cancelledAtMs === null ? null : formatUtc(order.cancelledAtMs),
    test: order.test,
    currency: c,
    presentment_currency: order.presentmentCurrencyCode,
    financial_status: order.financialStatus.toLowerCase(),
    fulfillment_status:
      order.fulfillmentStatus === 'UNFULFILLED'
        ? null
        : order.fulfillmentStatus === 'PARTIALLY_FULFILLED'
          ? 'partial'
          : order.fulfillmentStatus.toLowerCase(),
    source_name: 'web',
    total_price: formatDecimal(order.totalMinor, c),
    subtotal_price: formatDecimal(order.subtotalMinor, c),
    total_tax: formatDecimal(order.taxMinor, c),
    total_discounts: formatDecimal(order.discountMinor, c),
    total_shipping_price_set: {
      shop_money: { amount: formatDecimal(order.shippingMinor, c), currency_code: c },
    },
    discount_codes: order.discountCode
      ? [{ code: order.discountCode, amount: '0.00', type: 'percentage' }]
      : [],
    customer: customer
      ? {
          id: customer.legacyId,
          email: customer.email,
          first_name: customer.firstName,
          last_name: customer.lastName,
          created_at: formatUtc(customer.createdAtMs),
          updated_at: formatUtc(customer.updatedAtMs),
        }
      : null,
    shipping_address: order.shippingAddress ? { country_code: order.shippingAddress.countryCode } : null,
    line_items: order.lineItems.map((item) => {
      const variant = store.variants[item.variantIndex]!;
      return {
        id: item.legacyId,
        title: item.title,
        variant_title: item.variantTitle,
        sku: item.sku,
        quantity: item.quantity,
        price: formatDecimal(item.unitPriceMinor, c),
        total_discount: formatDecimal(item.discountMinor, c),
        variant_id: variant.legacyId,
        product_id: store.products[variant.productIndex]!.legacyId,
      };
    }),
    refunds: refunded,
  };
}

export class LiveOrders {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly store: DemoStore,
    private readonly book: OrderBook,
    private readonly sender: WebhookSender,
    private readonly now: () => number,
    private readonly random: () => number,
  ) {}

  /** Every live order placed, in placing order, as it stands now. */
  get orders(): readonly DemoOrder[] {
    return this.book.liveOrders();
  }

  get enabled(): boolean {
    return this.timer !== null;
  }

  /** Places one order now (and sometimes fulfils an earlier one); returns it. */
  placeOrder(): DemoOrder {
    const count = this.store.orders.count;
    let template = this.store.getOrder(Math.floor(this.random() * count));
    for (let tries = 0; (template.test || template.cancelledAtMs !== null) && tries < 20; tries += 1) {
      template = this.store.getOrder(Math.floor(this.random() * count));
    }
    const k = this.orders.length + 1;
    // Created after every order before it (the book keeps creation order).
    const at = Math.max(this.now(), this.book.lastCreatedAtMs() + 1);
    const legacyId = LIVE_ORDER_BASE + k * 13;
    const number = LIVE_NUMBER_BASE + k;
    const order: DemoOrder = {
      ...template,
      index: this.book.nextPosition,
      legacyId,
      id: `gid://shopify/Order/${legacyId}`,
      name: `#${number}`,
      number,
      createdAtMs: at,
      processedAtMs: at,
      updatedAtMs: at,
      cancelledAtMs: null,
      cancelReason: null,
      day: dayToIso(localDayOf(this.store.shop.ianaTimezone, at)),
      financialStatus: 'PAID',
      fulfillmentStatus: 'UNFULFILLED',
      refunds: [],
      refundedMinor: 0,
      lineItems: template.lineItems.map((item, j) => {
        const lineLegacy = LIVE_LINE_BASE + k * 16 + j;
        return { ...item, legacyId: lineLegacy, id: `gid://shopify/LineItem/${lineLegacy}` };
      }),
    };
    this.book.add(order);
    this.sender.send('orders/create', restOrderOf(this.store, order));
    if (this.orders.length > 1 && this.random() < 0.3) this.fulfilEarlier(at);
    return order;
  }

  /** Fulfils a random earlier unfulfilled live order (orders/updated with a newer updated_at). */
  private fulfilEarlier(at: number): void {
    const open = this.orders.filter((order) => order.fulfillmentStatus === 'UNFULFILLED').slice(0, -1);
    const chosen = open[Math.floor(this.random() * open.length)];
    if (!chosen) return;
    // Shopify's timestamps have whole seconds: the update is stamped a second after the order at least.
    const updatedAtMs = Math.max(at, chosen.updatedAtMs + 1_000);
    const updated: DemoOrder = { ...chosen, fulfillmentStatus: 'FULFILLED', updatedAtMs };
    this.book.update(updated);
    this.sender.send('orders/updated', restOrderOf(this.store, updated));
  }

  start(intervalMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.placeOrder(), intervalMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
