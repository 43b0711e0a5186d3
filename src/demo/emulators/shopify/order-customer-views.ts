/**
 * Orders and customers of the Shopify emulator (one module: a customer lists its orders and an
 * order names its customer). Fields are getters/methods so only what a query selects is computed.
 */
import { formatUtc } from '../../calendar.ts';
import type { DemoCustomer, DemoOrder } from '../../model.ts';
import type { DemoOrderProfit } from '../../profit/model.ts';
import { orderProfit } from '../../profit/order-profit.ts';
import { LineItemView } from './line-item-view.ts';
import { bag, money } from './money-views.ts';
import { type ConnectionArgs, paginate, type ShopifyContext } from './pagination.ts';
import { refundShippingLineNodes, restockFields, transactionViews } from './profit-views.ts';
import { listCandidates, type ShopifyData } from './shopify-data.ts';
import { VisitView } from './visit-view.ts';

function addressOf(c: DemoCustomer) {
  return {
    __typename: 'MailingAddress',
    id: `gid://shopify/MailingAddress/${c.legacyId + 3}?model_name=CustomerAddress`,
    name: `${c.firstName} ${c.lastName}`,
    firstName: c.firstName,
    lastName: c.lastName,
    company: null,
    address1: c.address1,
    address2: null,
    city: c.city,
    province: c.province,
    provinceCode: c.provinceCode,
    zip: c.zip,
    country: null,
    countryCodeV2: c.countryCode,
    phone: c.phone || null,
    formatted: () => [c.address1, `${c.city} ${c.provinceCode} ${c.zip}`, c.countryCode],
  };
}

/** Customer view: a class, as every order of a bulk export names its customer (usually only `id`). */
class CustomerView {
  readonly __typename = 'Customer';
  constructor(
    private readonly data: ShopifyData,
    private readonly c: DemoCustomer,
  ) {}
  get id() {
    return this.c.id;
  }
  get legacyResourceId() {
    return String(this.c.legacyId);
  }
  get firstName() {
    return this.c.firstName;
  }
  get lastName() {
    return this.c.lastName;
  }
  get displayName() {
    return `${this.c.firstName} ${this.c.lastName}`;
  }
  get email() {
    return this.c.email;
  }
  get defaultEmailAddress() {
    return {
      emailAddress: this.c.email,
      marketingState: this.c.index % 3 === 0 ? 'NOT_SUBSCRIBED' : 'SUBSCRIBED',
    };
  }
  get phone() {
    return this.c.phone || null;
  }
  get state() {
    return this.c.index % 4 === 0 ? 'ENABLED' : 'DISABLED';
  }
  get verifiedEmail() {
    return true;
  }
  get tags() {
    return this.c.numberOfOrders >= 5 ? ['vip'] : [];
  }
  get note() {
    return null;
  }
  get numberOfOrders() {
    return String(this.c.numberOfOrders);
  }
  get amountSpent() {
    return money(this.c.amountSpentMinor, this.data.store.shop.currencyCode);
  }
  get createdAt() {
    return formatUtc(this.c.createdAtMs);
  }
  get updatedAt() {
    return formatUtc(this.c.updatedAtMs);
  }
  get defaultAddress() {
    return addressOf(this.c);
  }
  get lastOrder() {
    const list = this.data.ordersOfCustomer(this.c.index);
    return list.length > 0 ? orderView(this.data, this.data.order(list[list.length - 1]!)) : null;
  }
  orders(args: ConnectionArgs, ctx: ShopifyContext) {
    const data = this.data;
    const cands = data.orderCandidates(
      args.query,
      args.sortKey ?? 'ID',
      Boolean(args.reverse),
      data.ordersOfCustomer(this.c.index),
    );
    const list = listCandidates(cands);
    return paginate(
      list.size,
      args,
      ctx,
      (p) => orderView(data, data.order(list.at(p))),
      (o) => Number(o.legacyResourceId),
    );
  }
}

export function customerView(data: ShopifyData, c: DemoCustomer): CustomerView {
  return new CustomerView(data, c);
}

function addressView(o: DemoOrder) {
  const address = o.shippingAddress;
  if (!address) return null;
  return {
    __typename: 'MailingAddress',
    id: `gid://shopify/MailingAddress/${o.legacyId + 1}?model_name=Address`,
    name: `${address.firstName} ${address.lastName}`,
    firstName: address.firstName,
    lastName: address.lastName,
    company: null,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    province: address.province,
    provinceCode: address.provinceCode,
    zip: address.zip,
    country: address.country,
    countryCodeV2: address.countryCode,
    phone: address.phone,
    formatted: () => [
      address.address1,
      `${address.city} ${address.provinceCode} ${address.zip}`,
      address.country,
    ],
  };
}

/** Order view: fields are getters/methods so only what a query selects is computed. */
class OrderView {
  readonly __typename = 'Order';
  private lineItemViews: LineItemView[] | null = null;
  private profitFacts: DemoOrderProfit | null = null;
  constructor(
    private readonly data: ShopifyData,
    private readonly o: DemoOrder,
  ) {}
  private get profit(): DemoOrderProfit {
    this.profitFacts ??= orderProfit(this.data.store.profit, this.o);
    return this.profitFacts;
  }
  transactions(args: { first?: number | null; capturable?: boolean | null }) {
    return transactionViews(this.o, this.profit, args);
  }
  private get items(): LineItemView[] {
    if (!this.lineItemViews)
      this.lineItemViews = this.o.lineItems.map((l, k) => new LineItemView(this.data, this.o, l, k));
    return this.lineItemViews;
  }
  get id() {
    return this.o.id;
  }
  get legacyResourceId() {
    return String(this.o.legacyId);
  }
  get name() {
    return this.o.name;
  }
  get number() {
    return this.o.number;
  }
  get confirmationNumber() {
    return (this.o.legacyId % 2_176_782_336).toString(36).toUpperCase().padStart(9, 'X').slice(0, 9);
  }
  get email() {
    return this.o.email;
  }
  get phone() {
    return null;
  }
  get test() {
    return this.o.test;
  }
  get closed() {
    return this.o.fulfillmentStatus === 'FULFILLED' || this.o.cancelledAtMs !== null;
  }
  get closedAt() {
    return this.closed ? formatUtc(this.o.cancelledAtMs ?? this.o.updatedAtMs) : null;
  }
  get createdAt() {
    return formatUtc(this.o.createdAtMs);
  }
  get processedAt() {
    return formatUtc(this.o.processedAtMs);
  }
  get updatedAt() {
    return formatUtc(this.o.updatedAtMs);
  }
  get cancelledAt() {
    return this.o.cancelledAtMs === null ? null : formatUtc(this.o.cancelledAtMs);
  }
  get cancelReason() {
    return this.o.cancelReason;
  }
  get displayFinancialStatus() {
    return this.o.financialStatus;
  }
  get displayFulfillmentStatus() {
    return this.o.fulfillmentStatus;
  }
  get currencyCode() {
    return this.o.currencyCode;
  }
  get presentmentCurrencyCode() {
    return this.o.presentmentCurrencyCode;
  }
  get sourceName() {
    return this.o.test ? 'shopify_draft_order' : 'web';
  }
  get tags() {
    return this.o.test ? ['test'] : [];
  }
  get note() {
    return null;
  }
  get discountCode() {
    return this.o.discountCode;
  }
  get discountCodes() {
    return this.o.discountCode ? [this.o.discountCode] : [];
  }
  get subtotalLineItemsQuantity() {
    return this.o.lineItems.reduce((s, l) => s + l.quantity, 0);
  }
  get totalPriceSet() {
    return bag(this.o.totalMinor, this.o);
  }
  get subtotalPriceSet() {
    return bag(this.o.subtotalMinor, this.o);
  }
  get totalTaxSet() {
    return bag(this.o.taxMinor, this.o);
  }
  get totalDiscountsSet() {
    return bag(this.o.discountMinor, this.o);
  }
  get totalShippingPriceSet() {
    return bag(this.o.shippingMinor, this.o);
  }
  get totalRefundedSet() {
    return bag(this.o.refundedMinor, this.o);
  }
  get currentTotalPriceSet() {
    return bag(this.o.cancelledAtMs !== null ? 0 : this.o.totalMinor - this.o.refundedMinor, this.o);
  }
  get currentSubtotalPriceSet() {
    const o = this.o;
    const refunded = o.refunds.reduce((s, r) => s + r.lines.reduce((q, x) => q + x.subtotalMinor, 0), 0);
    return bag(o.cancelledAtMs !== null ? 0 : o.subtotalMinor - refunded, o);
  }
  customer() {
    const index = this.o.customerIndex;
    return index === null ? null : customerView(this.data, this.data.store.customers[index]!);
  }
  get shippingAddress() {
    return addressView(this.o);
  }
  get billingAddress() {
    return addressView(this.o);
  }
  /** Cart attributes the storefront set: our tracker's `_upside_vid` when its cart write worked. */
  get customAttributes() {
    const site = this.o.site;
    return site?.cartAttribute ? [{ key: '_upside_vid', value: site.visitorId }] : [];
  }
  get cartToken() {
    return this.o.test ? null : this.o.cartToken;
  }
  get checkoutToken() {
    return this.o.test ? null : this.o.cartToken;
  }
  get customerJourneySummary() {
    const o = this.o;
    const shopUrl = this.data.store.shop.primaryDomainUrl;
    if (!o.journey) {
      return o.test
        ? null
        : {
            ready: false,
            customerOrderIndex: null,
            daysToConversion: null,
            firstVisit: null,
            lastVisit: null,
            momentsCount: null,
          };
    }
    const journey = o.journey;
    return {
      ready: true,
      customerOrderIndex: null,
      daysToConversion: journey.daysToConversion,
      firstVisit: new VisitView(journey.firstVisit, shopUrl, o.legacyId, 0),
      lastVisit: new VisitView(journey.lastVisit, shopUrl, o.legacyId, 1),
      momentsCount: { count: journey.momentsCount, precision: 'EXACT' },
    };
  }
  lineItems(args: ConnectionArgs, ctx: ShopifyContext) {
    const items = this.items;
    const ordered = args.reverse ? [...items].reverse() : items;
    return paginate(
      ordered.length,
      args,
      ctx,
      (p) => ordered[p]!,
      (l) => l.legacyId,
    );
  }
  refunds({ first }: { first?: number | null }) {
    const o = this.o;
    const items = this.items;
    const all = o.refunds.map((r, refundIndex) => ({
      __typename: 'Refund',
      id: r.id,
      legacyResourceId: String(r.legacyId),
      createdAt: formatUtc(r.createdAtMs),
      updatedAt: formatUtc(r.createdAtMs),
      note: r.note,
      totalRefundedSet: () => bag(r.totalMinor, o, r.totalPresentmentMinor),
      refundLineItems: (args: ConnectionArgs, ctx: ShopifyContext) =>
        paginate(
          r.lines.length,
          args,
          ctx,
          (p) => {
            const line = r.lines[p]!;
            return {
              id: `gid://shopify/RefundLineItem/${r.legacyId * 10 + p}`,
              legacyId: r.legacyId * 10 + p,
              lineItem: items[line.lineItemIndex]!,
              quantity: line.quantity,
              subtotalSet: () => bag(line.subtotalMinor, o),
              ...restockFields(this.profit, refundIndex, p),
            };
          },
          (x) => x.legacyId,
        ),
      refundShippingLines: (args: ConnectionArgs, ctx: ShopifyContext) => {
        const nodes = refundShippingLineNodes(o, this.profit, refundIndex);
        return paginate(
          nodes.length,
          args,
          ctx,
          (p) => nodes[p]!,
          (x) => x.legacyId,
        );
      },
    }));
    return first != null ? all.slice(0, Math.max(0, first)) : all;
  }
}

export function orderView(data: ShopifyData, o: DemoOrder): OrderView {
  return new OrderView(data, o);
}
