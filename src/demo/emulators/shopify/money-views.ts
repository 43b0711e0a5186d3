/**
 * Money as the Shopify emulator writes it: `MoneyV2` ({ amount, currencyCode }) with Shopify's
 * Decimal strings, and `MoneyBag` (shop and presentment money, formatted only when selected).
 */
import type { DemoOrder } from '../../model.ts';
import { convertMinor, formatDecimal } from '../../money.ts';

export function money(amountMinor: number, currency: string) {
  return { amount: formatDecimal(amountMinor, currency), currencyCode: currency };
}

export type BagOrder = Pick<DemoOrder, 'currencyCode' | 'presentmentCurrencyCode' | 'presentmentRate'>;

/** A MoneyBag whose two amounts are formatted only when selected (orders carry many bags). */
export class MoneyBag {
  constructor(
    private readonly shopMinor: number,
    private readonly order: BagOrder,
    private readonly presentmentMinor: number | undefined,
  ) {}
  get shopMoney() {
    return money(this.shopMinor, this.order.currencyCode);
  }
  get presentmentMoney() {
    const o = this.order;
    return money(
      this.presentmentMinor ??
        convertMinor(this.shopMinor, o.currencyCode, o.presentmentCurrencyCode, o.presentmentRate),
      o.presentmentCurrencyCode,
    );
  }
}

export function bag(shopMinor: number, order: BagOrder, presentmentMinor?: number): MoneyBag {
  return new MoneyBag(shopMinor, order, presentmentMinor);
}
