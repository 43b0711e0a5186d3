/**
 * Per-order profit facts: the payment gateway and its transactions (with fees on the fee
 * gateway's SALE/CAPTURE), the order's weight and true shipping cost, which refunded lines went
 * back to stock and the shipping each refund returned. Each order draws from its own profit
 * stream, seeded from the plan's seed and the order's creation instant, customer and total — never
 * from the order's own stream — so planting profit leaves every existing order unchanged, and the
 * generator (ground truth, pass 1) and the emulators (lazily materialised orders) see the same draws.
 */
import type { DemoOrder } from '../model.ts';
import { hashString, mixSeeds, Rng } from '../prng.ts';
import {
  type DemoOrderProfit,
  type DemoProfitPlan,
  type DemoTransaction,
  type DemoTransactionKind,
  type DemoTransactionStatus,
  FEE_GATEWAY,
  RULE_GATEWAY,
  TEST_GATEWAY,
} from './model.ts';
import { percentOf, shippingProfileFor } from './plan.ts';

const PROFIT_ORDER_LABEL = hashString('profit-order');
const HOUR_MS = 3_600_000;
/** Share of orders paid through the fee gateway; the rest pay through the rule gateway. */
const FEE_GATEWAY_SHARE = 0.72;
/** Share of fee-gateway orders authorised at checkout and captured later (possibly on another day). */
const LATE_CAPTURE_SHARE = 0.3;
/** Share of orders with a declined card attempt before the payment that went through. */
const DECLINED_ATTEMPT_SHARE = 0.04;

function orderRng(plan: DemoProfitPlan, order: DemoOrder): Rng {
  const created = order.createdAtMs;
  return new Rng(
    mixSeeds(
      plan.seed,
      PROFIT_ORDER_LABEL,
      created % 4_294_967_296,
      Math.floor(created / 4_294_967_296),
      (order.customerIndex ?? -1) + 1,
      order.totalMinor,
    ),
  );
}

/** The profit facts of one order (deterministic; cheap enough to recompute on demand). */
export function orderProfit(plan: DemoProfitPlan, order: DemoOrder): DemoOrderProfit {
  const rng = orderRng(plan, order);
  const gateway = order.test ? TEST_GATEWAY : rng.chance(FEE_GATEWAY_SHARE) ? FEE_GATEWAY : RULE_GATEWAY;
  const weightGrams = order.lineItems.reduce(
    (sum, line) => sum + line.quantity * plan.weightsGrams[line.variantIndex]!,
    0,
  );
  const country = order.shippingAddress?.countryCode ?? 'US';
  const shippingCostMinor = shippingProfileFor(plan, country, weightGrams).costMinor;

  const transactions: DemoTransaction[] = [];
  const rates =
    order.presentmentCurrencyCode === order.currencyCode
      ? plan.feeGatewayRates.domestic
      : plan.feeGatewayRates.international;
  const add = (kind: DemoTransactionKind, status: DemoTransactionStatus, amountMinor: number, at: number) => {
    const legacyId = order.legacyId * 10 + transactions.length;
    const charged =
      gateway === FEE_GATEWAY && status === 'SUCCESS' && (kind === 'SALE' || kind === 'CAPTURE');
    transactions.push({
      legacyId,
      id: `gid://shopify/OrderTransaction/${legacyId}`,
      kind,
      status,
      gateway,
      amountMinor,
      processedAtMs: at,
      test: order.test,
      fee: charged
        ? {
            amountMinor: percentOf(amountMinor, rates.percent) + rates.fixedMinor,
            percent: rates.percent,
            flatMinor: rates.fixedMinor,
          }
        : null,
    });
  };
  const paidAt = order.processedAtMs;
  if (!order.test && rng.chance(DECLINED_ATTEMPT_SHARE))
    add('SALE', 'FAILURE', order.totalMinor, paidAt - 40_000);
  switch (order.financialStatus) {
    case 'VOIDED':
      add('AUTHORIZATION', 'SUCCESS', order.totalMinor, paidAt);
      add('VOID', 'SUCCESS', order.totalMinor, order.cancelledAtMs ?? paidAt);
      break;
    case 'PENDING':
      add('SALE', 'PENDING', order.totalMinor, paidAt);
      break;
    case 'AUTHORIZED':
      add('AUTHORIZATION', 'SUCCESS', order.totalMinor, paidAt);
      break;
    default: {
      const captureAt = paidAt + rng.uniform(1, 30) * HOUR_MS;
      const limit = Math.min(plan.endInstantMs, ...order.refunds.map((r) => r.createdAtMs - 60_000));
      if (gateway === FEE_GATEWAY && rng.chance(LATE_CAPTURE_SHARE) && captureAt <= limit) {
        add('AUTHORIZATION', 'SUCCESS', order.totalMinor, paidAt);
        add('CAPTURE', 'SUCCESS', order.totalMinor, Math.round(captureAt));
      } else {
        add('SALE', 'SUCCESS', order.totalMinor, paidAt);
      }
      for (const refund of order.refunds) add('REFUND', 'SUCCESS', refund.totalMinor, refund.createdAtMs);
    }
  }

  // A full refund returns the whole order total (shipping included); a partial one a line and its tax.
  const full = order.refunds.map((refund) => refund.totalMinor === order.totalMinor);
  const restocked = order.refunds.map((refund, r) =>
    refund.lines.map(() => rng.chance(full[r] ? 0.75 : 0.3)),
  );
  const refundedShippingMinor = full.map((isFull) => (isFull ? order.shippingMinor : 0));
  return { gateway, weightGrams, shippingCostMinor, transactions, restocked, refundedShippingMinor };
}
