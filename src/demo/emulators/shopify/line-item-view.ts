/** An order's line item as the Shopify emulator's `LineItem`. */
import type { DemoLineItem, DemoOrder } from '../../model.ts';
import { productView, variantView } from './catalog-views.ts';
import { bag } from './money-views.ts';
import type { ShopifyData } from './shopify-data.ts';

/** Line item view: a class so that per-order materialisation allocates little (hot in bulk exports). */
export class LineItemView {
  readonly __typename = 'LineItem';
  constructor(
    private readonly data: ShopifyData,
    private readonly o: DemoOrder,
    private readonly l: DemoLineItem,
    private readonly k: number,
  ) {}
  get id() {
    return this.l.id;
  }
  get legacyId() {
    return this.l.legacyId;
  }
  get name() {
    return this.l.variantTitle === 'Default Title'
      ? this.l.title
      : `${this.l.title} - ${this.l.variantTitle}`;
  }
  get title() {
    return this.l.title;
  }
  get variantTitle() {
    return this.l.variantTitle === 'Default Title' ? null : this.l.variantTitle;
  }
  get sku() {
    return this.l.sku;
  }
  get vendor() {
    return 'Upside Demo Goods';
  }
  get quantity() {
    return this.l.quantity;
  }
  private get refundedQuantity() {
    let n = 0;
    for (const r of this.o.refunds) for (const x of r.lines) if (x.lineItemIndex === this.k) n += x.quantity;
    return n;
  }
  get currentQuantity() {
    return this.o.cancelledAtMs !== null ? 0 : this.l.quantity - this.refundedQuantity;
  }
  get refundableQuantity() {
    return this.currentQuantity;
  }
  get requiresShipping() {
    return true;
  }
  get taxable() {
    return true;
  }
  get originalUnitPriceSet() {
    return bag(this.l.unitPriceMinor, this.o, this.l.unitPricePresentmentMinor);
  }
  get discountedUnitPriceSet() {
    const l = this.l;
    return bag(Math.round((l.unitPriceMinor * l.quantity - l.discountMinor) / l.quantity), this.o);
  }
  get originalTotalSet() {
    const l = this.l;
    return bag(l.unitPriceMinor * l.quantity, this.o, l.unitPricePresentmentMinor * l.quantity);
  }
  get discountedTotalSet() {
    return bag(this.l.unitPriceMinor * this.l.quantity - this.l.discountMinor, this.o);
  }
  get totalDiscountSet() {
    return bag(this.l.discountMinor, this.o);
  }
  variant() {
    return variantView(this.data, this.data.store.variants[this.l.variantIndex]!);
  }
  product() {
    const variant = this.data.store.variants[this.l.variantIndex]!;
    return productView(this.data, this.data.store.products[variant.productIndex]!);
  }
}
